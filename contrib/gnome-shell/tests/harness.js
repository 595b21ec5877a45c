// SPDX-License-Identifier: GPL-3.0-or-later
// The little test harness the gjs tests share: one `ok`/`FAIL` line a test, tagged with the variant
// under test, its checks, a closing `N passed, M failed` line (tests/run.sh reads it), and the loading
// of one extension module in the form a variant names.
import GLib from 'gi://GLib';
import System from 'system';

/** The tree's root folder (harness.js is in contrib/gnome-shell/tests/). */
export const repoDir = GLib.path_get_dirname(GLib.path_get_dirname(GLib.path_get_dirname(
    GLib.path_get_dirname(GLib.filename_from_uri(import.meta.url)[0]))));

let passed = 0;
let failed = 0;

/** Runs one test: `fn` passes unless it throws. `tag` names the variant in the printed line. */
export function test(tag, name, fn) {
    try {
        fn();
        passed++;
        print(`ok   [${tag}] ${name}`);
    } catch (e) {
        failed++;
        print(`FAIL [${tag}] ${name}: ${e.message}`);
    }
}

/** Throws unless `actual` and `expected` have the same JSON. */
export function eq(actual, expected, what = 'value') {
    const a = JSON.stringify(actual);
    const b = JSON.stringify(expected);
    if (a !== b)
        throw new Error(`${what}: expected ${b}, got ${a}`);
}

/** Throws unless `fn` throws a `type` (a module's DataError) with a one-line message matching `pattern`. */
function throwsOneLine(type, fn, pattern) {
    try {
        fn();
    } catch (e) {
        if (!(e instanceof type))
            throw new Error(`expected a ${type.name}, got ${e.name}: ${e.message}`);
        if (!pattern.test(e.message))
            throw new Error(`message ${JSON.stringify(e.message)} does not match ${pattern}`);
        if (e.message.includes('\n'))
            throw new Error('message is more than one line');
        return;
    }
    throw new Error(`expected a ${type.name}, nothing was thrown`);
}

/** The text of the file at `path` (UTF-8). */
export function readText(path) {
    const [, bytes] = GLib.file_get_contents(path);
    return new TextDecoder().decode(bytes);
}

/** Prints the totals and exits: 1 if a test failed or none ran, else 0. */
export function finish() {
    print(`${passed} passed, ${failed} failed`);
    System.exit(failed > 0 || passed === 0 ? 1 : 0);
}

/**
 * The folder of the generated 43/44 extension, nitnem@nitnem-43/ in the build folder
 * (.build/contrib), where tests/run.sh has gen-43.sh make it first. When it is not there: says so
 * for `file` (the test's name), prints a failed summary and exits 2.
 */
export function legacyDir(file) {
    const dir = `${repoDir}/.build/contrib/nitnem@nitnem-43`;
    if (!GLib.file_test(`${dir}/metadata.json`, GLib.FileTest.IS_REGULAR)) {
        printerr(`${file}: no ${dir}/: contrib/gnome-shell/gen-43.sh makes it (tests/run.sh runs it first)`);
        print('0 passed, 1 failed');
        System.exit(2);
    }
    return dir;
}

/**
 * The extension's module `name` (`widget`: contrib/shared/widget.js as gen-43.sh copies it) in the
 * form `variant` names: `legacy` (nitnem@nitnem-43/, through the legacy importer, as GNOME Shell
 * 43/44 load it) or `esm` (nitnem@nitnem/, as an ES module, as 45+ load it), both made by gen-43.sh
 * into the build folder. Any other variant: says so for `file` (the test's name), prints a failed summary and exits 2.
 */
export async function extensionModule(name, variant, file) {
    if (variant === 'legacy') {
        imports.searchPath.unshift(legacyDir(file));
        return imports[name];
    }
    if (variant === 'esm')
        return import(GLib.filename_to_uri(`${GLib.path_get_dirname(legacyDir(file))}/nitnem@nitnem/${name}.js`, null));
    printerr(`${file}: the module form must be "legacy" or "esm", got ${JSON.stringify(variant)}`);
    print('0 passed, 1 failed');
    System.exit(2);
    return null;
}

/**
 * What a test file of widget.js runs with, for the module form its one argument names (`legacy` or
 * `esm`, see extensionModule; `file` is the test's name): `variant`, the module `T`, `test(name, fn)`
 * tagged with the variant, and `throwsDataError(fn, pattern)`: throws unless `fn` throws the module's
 * DataError with a one-line message matching `pattern`.
 */
export async function widgetUnderTest(file) {
    const variant = System.programArgs[0];
    const T = await extensionModule('widget', variant, file);
    return {
        variant, T,
        test: (name, fn) => test(variant, name, fn),
        throwsDataError: (fn, pattern) => throwsOneLine(T.DataError, fn, pattern),
    };
}
