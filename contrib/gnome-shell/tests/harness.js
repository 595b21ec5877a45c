// SPDX-License-Identifier: GPL-3.0-or-later
// The little test harness test_timeline.js and test_esm45.js share: one `ok`/`FAIL` line a test,
// tagged with the variant under test, and a closing `N passed, M failed` line (tests/run.sh reads it).
import System from 'system';

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

/** Prints the totals and exits: 1 if a test failed or none ran, else 0. */
export function finish() {
    print(`${passed} passed, ${failed} failed`);
    System.exit(failed > 0 || passed === 0 ? 1 : 0);
}
