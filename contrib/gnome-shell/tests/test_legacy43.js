// SPDX-License-Identifier: GPL-3.0-or-later
// Checks that the GNOME Shell 43/44 variant (nitnem@nitnem-43/, made by gen-43.sh in the build
// folder, .build/contrib) is the 45+ one (nitnem@nitnem/, the source) in legacy-module form, as far
// as plain `gjs` can tell without a Shell: the 45+ extension.js cannot be imported here (its
// `resource:///org/gnome/shell/…` modules exist only inside a running Shell 45+), so it is parsed as
// a module with SpiderMonkey's Reflect.parse and its syntax tree is checked. And that the 45+ copy
// gen-43.sh makes beside it (the one installed) is the source but for metadata.json's shell-version.
// Run: contrib/gnome-shell/tests/run.sh  (or: gjs -m contrib/gnome-shell/tests/test_legacy43.js)
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

import {eq, finish, readText, repoDir, test as harnessTest, legacyDir as generatedLegacyDir} from './harness.js';

const [testFile] = GLib.filename_from_uri(import.meta.url);
const gnomeDir = GLib.path_get_dirname(GLib.path_get_dirname(testFile));
const legacyDir = generatedLegacyDir('test_legacy43.js');
const esmDir = `${gnomeDir}/nitnem@nitnem`;
// The 45+ extension as gen-43.sh makes it for installing (its metadata.json's list from shell-versions).
const builtEsmDir = `${GLib.path_get_dirname(legacyDir)}/nitnem@nitnem`;

// The widgets' logic, written once (contrib/shared/widget.js) and copied into both by gen-43.sh.
const sharedSource = `${GLib.path_get_dirname(gnomeDir)}/shared/widget.js`;
imports.searchPath.unshift(legacyDir);
const Legacy = imports.widget;
const Esm = await import(GLib.filename_to_uri(`${builtEsmDir}/widget.js`, null));

function test(name, fn) {
    harnessTest('43', name, fn);
}

/** Every node of a Reflect.parse tree, depth first. */
function* nodes(node) {
    if (Array.isArray(node)) {
        for (const n of node)
            yield* nodes(n);
    } else if (node && typeof node === 'object') {
        if (typeof node.type === 'string')
            yield node;
        for (const [k, v] of Object.entries(node)) {
            if (k !== 'loc')
                yield* nodes(v);
        }
    }
}

/** The names `<object>.<name>` (object `Widget` unless told) used in a parsed file, sorted. */
function widgetUses(ast, object = 'Widget') {
    const names = new Set();
    for (const n of nodes(ast)) {
        if (n.type === 'MemberExpression' && !n.computed && n.object.type === 'Identifier' &&
            n.object.name === object)
            names.add(n.property.name);
    }
    return [...names].sort();
}

// The lines from `// BEGIN shared with GNOME 43/44` to `// END shared with GNOME 43/44`, both
// included: in the 45+ extension.js the code both variants run, which gen-43.sh copies into the 43/44 one.
function sharedBlock(source, path) {
    const begin = '// BEGIN shared with GNOME 43/44';
    const end = '// END shared with GNOME 43/44';
    const lines = source.split('\n');
    const b = lines.filter(l => l.startsWith(begin)).length;
    const e = lines.filter(l => l.startsWith(end)).length;
    const start = lines.findIndex(l => l.startsWith(begin));
    const stop = lines.findIndex(l => l.startsWith(end));
    if (b !== 1 || e !== 1 || stop < start)
        throw new Error(`${path}: wants one "${begin}" line and, after it, one "${end}" line`);
    return lines.slice(start, stop + 1).join('\n');
}

// What an ES module exports (the names both forms must offer), and what the legacy form's
// /* exported */ comment names.
function exportedNames(esm, legacySource) {
    const commented = (/\/\* exported ([^]*?)\*\//.exec(legacySource) || [null, ''])[1]
        .split(/[\s,]+/).filter(s => s).sort();
    return [Object.keys(esm).sort(), commented];
}

/** Each export of `esm` is the same code (a function's or class's source) or value in `legacy`. */
function sameExports(legacy, esm) {
    for (const name of Object.keys(esm).sort()) {
        const [l, e] = [legacy[name], esm[name]];
        eq(typeof e, typeof l, `typeof ${name}`);
        if (typeof l === 'function')
            eq(e.toString(), l.toString(), `source of ${name}`);
        else if (typeof l === 'object' && l !== null && !Array.isArray(l))
            eq(Object.entries(e).map(([k, v]) => [k, String(v)]), Object.entries(l).map(([k, v]) => [k, String(v)]), name);
        else
            eq(e, l, name);
    }
}

const [exported, commented] = exportedNames(Esm, readText(`${legacyDir}/widget.js`));

// ---- widget.js: one logic, two module forms ---------------------------------------------------

test('the legacy /* exported */ comment names exactly what the ES module exports', () => {
    eq(exported.length >= 10, true, `ES module exports: ${exported}`);
    eq(commented, exported, 'names in the comment');
});

test('each export is the same code or value in both forms', () => {
    sameExports(Legacy, Esm);
});

test('the two forms agree on a golden timeline (the full cases run in test_timeline.js)', () => {
    const golden = GLib.getenv('NITNEM_GOLDEN_TIMELINES') || `${repoDir}/fixtures/golden/timeline`;
    const text = readText(`${golden}/kolkata-evening.json`);
    const now = Legacy.parseInstant('2026-11-29T17:00:00+05:30');
    const view = Esm.view(Esm.parseTimeline(text), now);
    eq(view, Legacy.view(Legacy.parseTimeline(text), now), 'view at 17:00');
    eq(view.display.label, JSON.parse(text).entries[0].display.label, 'label');
});

// ---- extension.js -----------------------------------------------------------------------------

const esmExtPath = `${esmDir}/extension.js`;
const legacyExtPath = `${legacyDir}/extension.js`;
const esmExt = readText(esmExtPath);
const legacyExt = readText(legacyExtPath);
let esmAst = null;
let legacyAst = null;

test('45+ extension.js parses as an ES module', () => {
    esmAst = Reflect.parse(esmExt, {target: 'module', source: esmExtPath});
});

test('43/44 extension.js parses as a script and has no import or export', () => {
    legacyAst = Reflect.parse(legacyExt, {source: legacyExtPath});
    const decls = [...nodes(legacyAst)].filter(n => /^(Import|Export)/.test(n.type));
    eq(decls.length, 0, 'import/export declarations');
});

test('45+ extension.js imports gi://, the Shell 45 resource modules and ./widget.js only', () => {
    const sources = esmAst.body.filter(n => n.type === 'ImportDeclaration')
        .map(n => (n.moduleRequest ? n.moduleRequest.source : n.source).value);
    eq(sources, [
        'gi://Clutter', 'gi://Gio', 'gi://GLib', 'gi://GObject', 'gi://St',
        'resource:///org/gnome/shell/ui/main.js',
        'resource:///org/gnome/shell/ui/panelMenu.js',
        'resource:///org/gnome/shell/ui/popupMenu.js',
        'resource:///org/gnome/shell/extensions/extension.js',
        './widget.js',
    ], 'import sources');
    eq(GLib.file_test(`${builtEsmDir}/widget.js`, GLib.FileTest.IS_REGULAR), true, './widget.js is made');
});

test('45+ extension.js never touches the legacy `imports` object', () => {
    const uses = [...nodes(esmAst)].filter(n => n.type === 'Identifier' && n.name === 'imports');
    eq(uses.length, 0, 'uses of `imports`');
});

test('45+ extension.js: export default class extends Extension, with enable() and disable()', () => {
    const defaults = esmAst.body.filter(n => n.type === 'ExportDeclaration' && n.isDefault);
    eq(defaults.length, 1, 'default exports');
    const cls = defaults[0].declaration;
    eq([cls.type, cls.superClass && cls.superClass.name], ['ClassStatement', 'Extension'], 'class');
    const methods = cls.body.filter(m => m.type === 'ClassMethod').map(m => m.name.name).sort();
    eq(methods, ['disable', 'enable'], 'methods');
    const others = esmAst.body.filter(n => n.type === 'ExportDeclaration' && !n.isDefault);
    eq(others.length, 0, 'other exports');
});

test('45+ enable() and disable() are plain functions that return nothing', () => {
    // GNOME Shell 51 reports an extension error when disable() returns a thenable (an async one).
    const cls = esmAst.body.find(n => n.type === 'ExportDeclaration' && n.isDefault).declaration;
    for (const m of cls.body.filter(c => c.type === 'ClassMethod')) {
        const fn = m.body;
        eq([fn.async, fn.generator], [false, false], `${m.name.name}(): async, generator`);
        const returns = [...nodes(fn.body)].filter(n => n.type === 'ReturnStatement' && n.argument);
        eq(returns.length, 0, `${m.name.name}(): return statements with a value`);
    }
});

test('extension.js never opens or closes a menu itself', () => {
    // The Shell's PanelMenu.Button opens and closes it (a click gesture of its own from GNOME Shell
    // 50 on). PopupMenu.open()/close() take an animation value up to 50 and a parameters object
    // from 51 on: a call would need to know which Shell it runs in.
    const calls = [...nodes(esmAst)].filter(n => n.type === 'CallExpression' &&
        n.callee.type === 'MemberExpression' && !n.callee.computed &&
        ['open', 'close', 'toggle'].includes(n.callee.property.name));
    eq(calls.map(n => n.callee.property.name), [], 'open/close/toggle calls');
});

test('43/44 extension.js defines init()', () => {
    const init = legacyAst.body.filter(n => n.type === 'FunctionDeclaration' && n.id.name === 'init');
    eq(init.length, 1, 'function init');
});

/** Every `Widget.<name>` the parsed 45+ and 43/44 forms of `file` use is exported by their widget.js. */
function widgetUsesExported(esm, legacy, file) {
    const uses = widgetUses(esm);
    eq(uses.length >= 5, true, `${file}: Widget uses ${uses}`);
    eq(uses.filter(n => !(n in Esm)), [], `used by 45+ ${file}, not exported by widget.js`);
    eq(widgetUses(legacy).filter(n => !(n in Legacy)), [], `used by 43/44 ${file}, not exported by widget.js`);
}

test('every Widget.<name> extension.js uses is exported by its widget.js', () => {
    widgetUsesExported(esmAst, legacyAst, 'extension.js');
});

test('the shared block (NitnemIndicator, addIndicator, removeIndicator, verticalBox) is the same text in both', () => {
    const a = sharedBlock(legacyExt, legacyExtPath);
    const b = sharedBlock(esmExt, esmExtPath);
    if (a !== b) {
        const al = a.split('\n');
        const bl = b.split('\n');
        const i = al.findIndex((line, k) => line !== bl[k]);
        throw new Error(`first difference at line ${i + 1} of the block: ${JSON.stringify(al[i])} vs ${JSON.stringify(bl[i])}`);
    }
    const block = Reflect.parse(a, {source: legacyExtPath});
    const names = block.body.map(n => n.type === 'VariableDeclaration' ? n.declarations[0].id.name
        : n.id && n.id.name).sort();
    eq(names, ['NitnemIndicator', 'STATE_CLASSES', 'addIndicator', 'removeIndicator', 'verticalBox'], 'declared in the block');
});

// The names declared at the top level of a parsed extension.js outside its shared block (an
// export as `export <name>`, a destructuring as `{…}`), in order.
function ownDeclarations(ast, source) {
    const lines = source.split('\n');
    const begin = lines.findIndex(l => l.startsWith('// BEGIN shared')) + 1;
    const end = lines.findIndex(l => l.startsWith('// END shared')) + 1;
    return ast.body.filter(n => n.loc.start.line < begin || n.loc.start.line > end)
        .filter(n => !/^(Import|Expression)/.test(n.type))
        .flatMap(n => {
            if (n.type === 'ExportDeclaration')
                return [`export ${n.declaration.id.name}`];
            if (n.type === 'VariableDeclaration')
                return n.declarations.map(d => d.id.type === 'Identifier' ? d.id.name : '{…}');
            return [n.id.name];
        });
}

test('outside the shared block each extension.js declares only its own imports and wrapper', () => {
    eq(ownDeclarations(esmAst, esmExt), ['export NitnemExtension'], '45+ outside the block');
    eq(ownDeclarations(legacyAst, legacyExt), ['{…}', 'Main', 'PanelMenu', 'PopupMenu', 'ExtensionUtils',
        'Me', 'Widget', 'Extension', 'init'], '43/44 outside the block');
});

test('enable() and disable() of both variants call addIndicator and removeIndicator', () => {
    const legacyCls = legacyAst.body.find(n => n.type === 'ClassStatement' && n.id.name === 'Extension');
    const esmCls = esmAst.body.find(n => n.type === 'ExportDeclaration' && n.isDefault).declaration;
    for (const [what, cls] of [['43/44', legacyCls], ['45+', esmCls]]) {
        for (const [method, fn] of [['enable', 'addIndicator'], ['disable', 'removeIndicator']]) {
            const m = cls.body.find(x => x.type === 'ClassMethod' && x.name.name === method);
            const calls = [...nodes(m)].filter(n => n.type === 'CallExpression' &&
                n.callee.type === 'Identifier' && n.callee.name === fn);
            eq(calls.length, 1, `${what} ${method}() calls of ${fn}`);
        }
    }
});

// ---- widget.js and prefs.js: the Preferences window ------------------------------------------

test('widget.js: the 45+ copy is contrib/shared/widget.js as it is; the legacy DataError is an Error', () => {
    eq(readText(`${builtEsmDir}/widget.js`) === readText(sharedSource), true, 'the 45+ widget.js');
    eq(new Legacy.DataError('x') instanceof Error, true, 'legacy DataError is an Error');
    eq(new Legacy.DataError('x').message, 'x', 'its message');
});

const esmPrefsPath = `${esmDir}/prefs.js`;
const legacyPrefsPath = `${legacyDir}/prefs.js`;
const esmPrefs = readText(esmPrefsPath);
const legacyPrefs = readText(legacyPrefsPath);
const esmPrefsAst = Reflect.parse(esmPrefs, {target: 'module', source: esmPrefsPath});
const legacyPrefsAst = Reflect.parse(legacyPrefs, {source: legacyPrefsPath});

test('43/44 prefs.js parses as a script with no import or export; 45+ never uses `imports`', () => {
    eq([...nodes(legacyPrefsAst)].filter(n => /^(Import|Export)/.test(n.type)).length, 0, 'import/export');
    eq([...nodes(esmPrefsAst)].filter(n => n.type === 'Identifier' && n.name === 'imports').length, 0,
        'uses of `imports` in 45+');
});

test('the shared block of prefs.js (spawn, button, NitnemSettings) is the same text in both', () => {
    const a = sharedBlock(legacyPrefs, legacyPrefsPath);
    eq(a, sharedBlock(esmPrefs, esmPrefsPath), 'the block');
    const names = Reflect.parse(a, {source: legacyPrefsPath}).body.map(n => n.id && n.id.name).sort();
    eq(names, ['NitnemSettings', 'button', 'spawn'], 'declared in the block');
});

test('outside the block each prefs.js declares only its own imports and entry points', () => {
    eq(ownDeclarations(esmPrefsAst, esmPrefs), ['export NitnemPreferences'], '45+ outside the block');
    eq(ownDeclarations(legacyPrefsAst, legacyPrefs), ['{…}', 'ExtensionUtils', 'Me', 'Widget', 'init',
        'fillPreferencesWindow'], '43/44 outside the block');
});

test('both prefs.js build the window the same way: fillPreferencesWindow makes a NitnemSettings', () => {
    const esmCls = esmPrefsAst.body.find(n => n.type === 'ExportDeclaration' && n.isDefault).declaration;
    eq(esmCls.superClass.name, 'ExtensionPreferences', '45+ superclass');
    const esmFill = esmCls.body.find(m => m.type === 'ClassMethod' && m.name.name === 'fillPreferencesWindow');
    const legacyFill = legacyPrefsAst.body.find(n => n.type === 'FunctionDeclaration' &&
        n.id.name === 'fillPreferencesWindow');
    for (const [what, fn] of [['45+', esmFill], ['43/44', legacyFill]]) {
        eq(Boolean(fn), true, `${what} fillPreferencesWindow`);
        const news = [...nodes(fn)].filter(n => n.type === 'NewExpression').map(n => n.callee.name);
        eq(news, ['NitnemSettings'], `${what} fillPreferencesWindow makes`);
    }
});

test('every Widget.<name> prefs.js uses is exported by widget.js, in both forms', () => {
    widgetUsesExported(esmPrefsAst, legacyPrefsAst, 'prefs.js');
});

// ---- metadata.json and stylesheet.css ---------------------------------------------------------

test('metadata.json: one uuid, shell versions below 45 vs from 45 on, the rest the same', () => {
    // One uuid, so the enabled-extensions setting carries over when GNOME is upgraded to 45.
    const l = JSON.parse(readText(`${legacyDir}/metadata.json`));
    const e = JSON.parse(readText(`${builtEsmDir}/metadata.json`));
    const [lv, ev] = [l['shell-version'], e['shell-version']];
    // Which majors: those of the one list (contrib/gnome-shell/shell-versions; run.sh checks how
    // gen-43.sh splits it). A Shell whose major is not listed refuses the extension as OUT_OF_DATE,
    // state 4. Here: each list is majors of its own variant's range only.
    eq(lv.length > 0 && lv.every(v => /^4[34]$/.test(v)), true, `43/44 shell-version ${lv}`);
    eq(ev.length > 0 && ev.every(v => /^\d+$/.test(v) && Number(v) >= 45), true, `45+ shell-version ${ev}`);
    eq(e.uuid, 'nitnem@nitnem', '45+ uuid');
    delete l['shell-version'];
    delete e['shell-version'];
    eq(e, l, 'other fields');
});

test('stylesheet.css is the same file', () => {
    eq(readText(`${esmDir}/stylesheet.css`), readText(`${legacyDir}/stylesheet.css`));
});

/** The names of the files in `dir`, sorted. */
function fileNames(dir) {
    const names = [];
    const en = Gio.File.new_for_path(dir).enumerate_children('standard::name,standard::type', 0, null);
    for (let info = en.next_file(null); info; info = en.next_file(null)) {
        if (info.get_file_type() === Gio.FileType.REGULAR)
            names.push(info.get_name());
    }
    return names.sort();
}

test('the installed 45+ copy is the source and widget.js, only metadata.json\'s shell-version written anew', () => {
    eq(fileNames(builtEsmDir), [...fileNames(esmDir), 'widget.js'].sort(), `files of ${builtEsmDir}`);
    for (const name of fileNames(esmDir).filter(n => n !== 'metadata.json'))
        eq(readText(`${builtEsmDir}/${name}`) === readText(`${esmDir}/${name}`), true, `${name} the same`);
    const [built, source] = [`${builtEsmDir}/metadata.json`, `${esmDir}/metadata.json`].map(readText);
    const drop = text => text.split('\n').filter(line => !line.startsWith('  "shell-version": ')).join('\n');
    eq(drop(built), drop(source), 'metadata.json without its shell-version line');
});

finish();
