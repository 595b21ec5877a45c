// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the menu model of the extension's pure half (timeline.js) with plain `gjs`, no Shell:
// the day's checklist nitnem prints (`nitnem mark --list --format json`; the golden files the
// Swift tests record in fixtures/golden/mark), the items made of it and the argv each runs. The
// same cases run against both module forms, as test_timeline.js does:
//   legacy  nitnem@nitnem-43/timeline.js (made by gen-43.sh) through the legacy importer, as GNOME Shell 43/44 load it
//   esm     nitnem@nitnem/timeline.js as an ES module, as GNOME Shell 45+ load it
// Run: contrib/gnome-shell/tests/run.sh  (or: gjs -m contrib/gnome-shell/tests/test_menu.js esm)
import GLib from 'gi://GLib';
import System from 'system';

import {eq, finish, test as harnessTest} from './harness.js';

const [testFile] = GLib.filename_from_uri(import.meta.url);
const testsDir = GLib.path_get_dirname(testFile);
const gnomeDir = GLib.path_get_dirname(testsDir);
const repoDir = GLib.path_get_dirname(GLib.path_get_dirname(gnomeDir));
const goldenDir = `${repoDir}/fixtures/golden`;

const variant = System.programArgs[0];
let T;
if (variant === 'legacy') {
    imports.searchPath.unshift(`${gnomeDir}/nitnem@nitnem-43`);
    T = imports.timeline;
} else if (variant === 'esm') {
    T = await import(GLib.filename_to_uri(`${gnomeDir}/nitnem@nitnem/timeline.js`, null));
} else {
    printerr(`test_menu.js: the argument must be "legacy" or "esm", got ${JSON.stringify(variant)}`);
    print('0 passed, 1 failed');
    System.exit(2);
}

function test(name, fn) {
    harnessTest(variant, name, fn);
}

function readText(path) {
    const [, bytes] = GLib.file_get_contents(path);
    return new TextDecoder().decode(bytes);
}

function throwsTimelineError(fn, pattern) {
    try {
        fn();
    } catch (e) {
        if (!(e instanceof T.TimelineError))
            throw new Error(`expected a TimelineError, got ${e.name}: ${e.message}`);
        if (!pattern.test(e.message))
            throw new Error(`message ${JSON.stringify(e.message)} does not match ${pattern}`);
        if (e.message.includes('\n'))
            throw new Error('message is more than one line');
        return;
    }
    throw new Error('expected a TimelineError, nothing was thrown');
}

const NITNEM = '/usr/local/bin/nitnem';

// The demo group at 17:00 in Asia/Kolkata: japji and jaap read, Rehras (taksal) next.
const evening = readText(`${goldenDir}/mark/demo-evening-list.json`);
const eveningTimeline = T.parseTimeline(readText(`${goldenDir}/timeline/kolkata-evening.json`));
const eveningView = T.view(eveningTimeline, eveningTimeline.entries[0].date);

test('the golden checklist parses: the day, the band, the count and every daily bani in day order', () => {
    const c = T.parseChecklist(evening);
    eq(c.dayKey, '2026-11-29', 'dayKey');
    eq(c.band, {id: 'evening', title: 'Evening'}, 'band');
    eq([c.done, c.total], [2, 7], 'done, total');
    eq(c.banis.map(b => b.id), ['japji', 'jaap', 'savaiye', 'chaupai', 'anand', 'rehras/taksal', 'kirtan_sohila'],
        'ids');
    eq(c.banis.filter(b => b.read).map(b => b.id), ['japji', 'jaap'], 'read');
    eq(c.banis.filter(b => b.next).map(b => b.id), ['rehras/taksal'], 'next');
    eq(typeof c.banis[0].titleGurmukhi, 'string', 'a Gurmukhi title');
});

test('the checklist agrees with the timeline the agent writes at the same instant', () => {
    const c = T.parseChecklist(evening);
    const entry = eveningTimeline.entries[0];
    eq([c.done, c.total], [entry.today.done, entry.today.total], 'count');
    eq(c.banis.find(b => b.next).id, entry.next.id, 'next');
    eq(c.dayKey, entry.dayKey, 'dayKey');
});

test('menu: the view lines, one item per bani with ✓ or ○, the next one named, then Read now', () => {
    const m = T.menuModel(eveningView, T.parseChecklist(evening), NITNEM);
    eq(m.lines, eveningView.lines, 'lines');
    eq(m.banis.map(b => b.label), [
        '✓ Japji Sahib', '✓ Jaap Sahib', '○ Tav-Prasad Savaiye', '○ Benti Chaupai', '○ Anand Sahib',
        '○ Rehras Sahib · next', '○ Kirtan Sohila',
    ], 'labels');
    eq(m.banis.filter(b => b.next).map(b => b.id), ['rehras/taksal'], 'next');
    eq(m.read, {label: 'Read now', argv: [NITNEM, 'open', 'sggs://bani/rehras?variant=taksal']}, 'read');
});

test('titles = gurmukhi (the checklist nitnem prints with it): the menu and the panel label in Gurmukhi', () => {
    const c = T.parseChecklist(readText(`${goldenDir}/language/gurmukhi-titles-mark-list.json`));
    eq(c.titles, 'gurmukhi', 'titles');
    const m = T.menuModel(T.view(eveningTimeline, eveningTimeline.entries[0].date, c.titles), c, NITNEM);
    eq(m.banis.map(b => b.label).slice(0, 2), ['✓ ਜਪੁ ਜੀ ਸਾਹਿਬ', '✓ ਜਾਪੁ ਸਾਹਿਬ'], 'labels');
    const v = T.view(eveningTimeline, eveningTimeline.entries[0].date, c.titles);
    eq(v.label, 'ਰਹਰਾਸਿ ਸਾਹਿਬ · 2/7', 'label');
    eq(v.lines[1], 'Next: ਰਹਰਾਸਿ ਸਾਹਿਬ', 'the menu line');
    // Without a checklist (or from an older nitnem): English in the label, both in the menu.
    eq(eveningView.label, 'Rehras Sahib · 2/7', 'default label');
    eq(eveningView.lines[1], 'Next: Rehras Sahib (ਰਹਰਾਸਿ ਸਾਹਿਬ)', 'default menu line');
    eq(T.parseChecklist(evening).titles, 'english', 'the default checklist says english');
    const both = {titleEn: 'Japji Sahib', titleGurmukhi: 'ਜਪੁ ਜੀ ਸਾਹਿਬ'};
    eq(T.titled(both, 'both'), 'Japji Sahib (ਜਪੁ ਜੀ ਸਾਹਿਬ)', 'both');
    eq(T.titled({titleEn: 'X', titleGurmukhi: null}, 'gurmukhi'), 'X', 'no Gurmukhi title: the English one');
    let refused = null;
    try {
        T.parseChecklist(evening.replace('"titles":"english"', '"titles":"klingon"'));
    } catch (e) {
        refused = e.message;
    }
    eq(refused !== null && refused.includes('$.titles'), true, `an unknown form is refused: ${refused}`);
});

test('activating an unread bani marks it on the listed day; a read one is unmarked (--undo)', () => {
    const m = T.menuModel(eveningView, T.parseChecklist(evening), NITNEM);
    const byId = Object.fromEntries(m.banis.map(b => [b.id, b.argv]));
    eq(byId['rehras/taksal'], [NITNEM, 'mark', 'rehras/taksal', '--day', '2026-11-29'], 'mark');
    eq(byId.japji, [NITNEM, 'mark', 'japji', '--day', '2026-11-29', '--undo'], 'undo');
});

test('every argv is words for Gio.Subprocess: the program first, no shell, no option-like id', () => {
    const m = T.menuModel(eveningView, T.parseChecklist(evening), NITNEM);
    for (const argv of [...m.banis.map(b => b.argv), m.read.argv]) {
        eq(argv[0], NITNEM, 'argv[0]');
        eq(argv.every(w => typeof w === 'string' && w.length > 0), true, 'words');
        eq(argv.includes('sh') || argv.includes('-c'), false, 'no shell');
    }
});

test('a day complete: every bani ✓, none next, Read now opens the Nitnem home', () => {
    const c = T.parseChecklist(evening);
    const done = JSON.parse(evening);
    for (const b of done.banis) {
        b.read = true;
        b.next = false;
    }
    done.today.done = done.today.total;
    const m = T.menuModel(T.errorView('x'), T.parseChecklist(JSON.stringify(done)), NITNEM);
    eq(m.banis.every(b => b.label.startsWith('✓ ') && b.argv.includes('--undo')), true, 'all undo');
    eq(m.banis.some(b => b.next), false, 'none next');
    eq(c.banis.length, m.banis.length, 'count');
    eq(m.read, {label: 'Read now', argv: [NITNEM, 'open']}, 'read');
});

test('no checklist (nitnem not found, or it failed): the reason is a line, the view is kept', () => {
    const m = T.menuModel(eveningView, null, 'nitnem', 'Failed to execute child process “nitnem” (No such file or directory)');
    eq(m.banis, [], 'banis');
    eq(m.lines[m.lines.length - 1].startsWith("Today's banis: Failed to execute"), true, 'reason line');
    eq(m.read.argv, ['nitnem', 'open', 'sggs://bani/rehras?variant=taksal'], 'read');
    const none = T.menuModel(T.errorView('no timeline'), null, 'nitnem');
    eq(none, {lines: ['no timeline'], banis: [], read: null, listen: null}, 'nothing to offer');
});

test('Listen only when status says config listen is set: the next bani, never the Nitnem home', () => {
    const c = T.parseChecklist(evening);
    eq(T.menuModel(eveningView, c, NITNEM).listen, null, 'not set');
    eq(T.menuModel(eveningView, c, NITNEM, null, true).listen,
        {label: 'Listen', argv: [NITNEM, 'listen', 'sggs://bani/rehras?variant=taksal']}, 'set');
    eq(T.menuModel(T.errorView('x'), c, NITNEM, null, true).listen, {label: 'Listen', argv: [NITNEM, 'listen']},
        'checklist only');
    eq(T.menuModel(Object.assign({}, eveningView, {url: 'sggs://nitnem'}), c, NITNEM, null, true).listen, null,
        'the home has nothing to play');
    eq(T.parseListen('{"dayKey":"2026-11-29","listen":true}'), true, 'listen: true');
    eq(T.parseListen('{"dayKey":"2026-11-29","listen":false}'), false, 'listen: false');
    eq(T.parseListen('{"dayKey":"2026-11-29"}'), false, 'an older nitnem: no field');
    eq(T.parseListen('nitnem: oops'), false, 'not JSON');
    eq(T.statusArgv(NITNEM), [NITNEM, 'status', '--format', 'json'], 'argv');
});

test('checklistArgv asks for JSON, with no shell', () => {
    eq(T.checklistArgv(NITNEM), [NITNEM, 'mark', '--list', '--format', 'json']);
});

test('programPath: PATH first, then ~/.local/bin, else the bare name', () => {
    eq(T.programPath(() => '/usr/bin/nitnem', '/home/a', () => true), '/usr/bin/nitnem', 'PATH');
    eq(T.programPath(() => null, '/home/a/', p => p === '/home/a/.local/bin/nitnem'), '/home/a/.local/bin/nitnem',
        'local');
    eq(T.programPath(() => null, '/home/a', () => false), 'nitnem', 'bare');
});

test('a bad checklist is one line naming the JSON path', () => {
    throwsTimelineError(() => T.parseChecklist(''), /^the checklist is empty$/);
    throwsTimelineError(() => T.parseChecklist('{'), /^the checklist is not JSON/);
    throwsTimelineError(() => T.parseChecklist('[]'), /^\$: expected an object/);
    const c = JSON.parse(evening);
    c.banis[2].read = 'yes';
    throwsTimelineError(() => T.parseChecklist(JSON.stringify(c)), /^\$\.banis\[2\]\.read: expected true or false/);
    const d = JSON.parse(evening);
    d.banis[0].id = '--group=/tmp/x';
    throwsTimelineError(() => T.parseChecklist(JSON.stringify(d)), /^\$\.banis\[0\]\.id: expected a bani id/);
    const e = JSON.parse(evening);
    e.dayKey = '29-11-2026';
    throwsTimelineError(() => T.parseChecklist(JSON.stringify(e)), /^\$\.dayKey: expected a day/);
    throwsTimelineError(() => T.parseChecklist(' '.repeat(T.MAX_CHECKLIST_BYTES + 1)), /more than nitnem prints/);
});

finish();
