// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the extension's pure half (timeline.js) with plain `gjs`, no Shell: the golden timelines
// the agent's tests record (fixtures/golden/timeline) and synthetic cases. The same cases run
// against both module forms, picked by the one argument:
//   legacy  nitnem@nitnem-43/timeline.js (made by gen-43.sh) through the legacy importer, as GNOME Shell 43/44 load it
//   esm     nitnem@nitnem/timeline.js as an ES module, as GNOME Shell 45+ load it
// Run: contrib/gnome-shell/tests/run.sh  (or: gjs -m contrib/gnome-shell/tests/test_timeline.js esm)
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

import {eq, finish, test as harnessTest} from './harness.js';

const [testFile] = GLib.filename_from_uri(import.meta.url);
const testsDir = GLib.path_get_dirname(testFile);
const gnomeDir = GLib.path_get_dirname(testsDir);
const repoDir = GLib.path_get_dirname(GLib.path_get_dirname(gnomeDir));
const goldenDir = GLib.getenv('NITNEM_GOLDEN_TIMELINES') || `${repoDir}/fixtures/golden/timeline`;

const variant = System.programArgs[0];
let T;
if (variant === 'legacy') {
    imports.searchPath.unshift(`${gnomeDir}/nitnem@nitnem-43`);
    T = imports.timeline;
} else if (variant === 'esm') {
    T = await import(GLib.filename_to_uri(`${gnomeDir}/nitnem@nitnem/timeline.js`, null));
} else {
    printerr(`test_timeline.js: the argument must be "legacy" or "esm", got ${JSON.stringify(variant)}`);
    print('0 passed, 1 failed');
    System.exit(2);
}

function test(name, fn) {
    harnessTest(variant, name, fn);
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

function readText(path) {
    const [, bytes] = GLib.file_get_contents(path);
    return new TextDecoder().decode(bytes);
}

test('the module form is the one asked for', () => {
    // The legacy importer exports every top-level function; an ES module only its export list.
    eq(typeof T.describe, variant === 'legacy' ? 'function' : 'undefined', 'typeof T.describe');
    eq(typeof T.parseTimeline, 'function', 'typeof T.parseTimeline');
});

const ms = text => {
    const v = T.parseInstant(text);
    if (v === null)
        throw new Error(`bad instant in test: ${text}`);
    return v;
};

// ---- golden timelines -------------------------------------------------------------------------

const goldenNames = [];
{
    const children = Gio.File.new_for_path(goldenDir).enumerate_children('standard::name', Gio.FileQueryInfoFlags.NONE, null);
    let info;
    while ((info = children.next_file(null)) !== null) {
        if (info.get_name().endsWith('.json'))
            goldenNames.push(info.get_name());
    }
    children.close(null);
    goldenNames.sort();
}

test('golden folder has the six timelines', () => {
    eq(goldenNames.length >= 6, true, `timelines in ${goldenDir}`);
});

for (const name of goldenNames) {
    const text = readText(`${goldenDir}/${name}`);
    const raw = JSON.parse(text);

    test(`${name}: parses, entries in order`, () => {
        const t = T.parseTimeline(text);
        eq(t.entries.length, raw.entries.length, 'entries');
        eq(t.validUntil, ms(raw.validUntil), 'validUntil');
    });

    test(`${name}: at each entry's date exactly that entry shows, 1 ms before the one above`, () => {
        const t = T.parseTimeline(text);
        raw.entries.forEach((e, i) => {
            const at = T.pick(t, ms(e.date));
            eq(at.index, i, `index at ${e.date}`);
            eq(at.stale, false, `stale at ${e.date}`);
            const expected = e.next
                ? `${e.next.titleEn} · ${e.today.done}/${e.today.total}`
                : `Nitnem complete · ${e.today.done}/${e.today.total}`;
            eq(T.label(at.entry), expected, `label at ${e.date}`);
            if (i > 0)
                eq(T.pick(t, ms(e.date) - 1).index, i - 1, `index just before ${e.date}`);
        });
    });

    test(`${name}: first wake is reloadAfter, wakes visit every entry then validUntil then stop`, () => {
        const t = T.parseTimeline(text);
        const start = ms(raw.generatedAt);
        eq(T.nextWake(t, start), ms(raw.reloadAfter), 'first wake');
        const wakes = [];
        for (let now = start, w; (w = T.nextWake(t, now)) !== null; now = w) {
            if (w <= now)
                throw new Error(`wake ${w} is not after now ${now}`);
            wakes.push(w);
            if (wakes.length > 50)
                throw new Error('more than 50 wakes: a loop');
        }
        eq(wakes, [...raw.entries.slice(1).map(e => ms(e.date)), ms(raw.validUntil)], 'wakes');
    });

    test(`${name}: at validUntil the last entry shows, stale, with no further wake`, () => {
        const t = T.parseTimeline(text);
        const v = T.view(t, ms(raw.validUntil));
        eq(v.stale, true, 'stale');
        eq(v.wake, null, 'wake');
        const last = raw.entries[raw.entries.length - 1];
        eq(v.label, `${last.next.titleEn} · ${last.today.done}/${last.today.total}`, 'label');
        eq(v.lines[0].endsWith('(stale)'), true, `first line ${v.lines[0]}`);
        eq(v.lines[v.lines.length - 1].includes(raw.validUntil), true, 'names validUntil');
        eq(v.url, last.next.url, 'url');
    });
}

// ---- the kolkata evening in detail ------------------------------------------------------------

const kolkataText = readText(`${goldenDir}/kolkata-evening.json`);
const kolkata = () => JSON.parse(kolkataText);

test('kolkata-evening at 17:00: label, menu lines, Read now url, next wake 21:00', () => {
    const raw = kolkata();
    const v = T.view(T.parseTimeline(kolkataText), ms('2026-11-29T17:00:00+05:30'));
    eq(v.label, 'Rehras Sahib · 2/7', 'label');
    eq(v.lines, [
        'Evening · Nitnem day 2026-11-29',
        `Next: Rehras Sahib (${raw.entries[0].next.titleGurmukhi})`,
        'Start from the beginning',
        'Today: 2 of 7 read',
    ], 'lines');
    eq(v.url, 'sggs://bani/rehras?variant=taksal', 'url');
    eq(v.stale, false, 'stale');
    eq(v.warning, null, 'warning');
    eq(v.wake, ms('2026-11-29T21:00:00+05:30'), 'wake');
});

test('kolkata-evening at 20:59:59.999 still Rehras, at 21:00 Kirtan Sohila', () => {
    const t = T.parseTimeline(kolkataText);
    eq(T.view(t, ms('2026-11-29T20:59:59+05:30') + 999).label, 'Rehras Sahib · 2/7');
    eq(T.view(t, ms('2026-11-29T21:00:00+05:30')).label, 'Kirtan Sohila · 2/7');
    eq(T.view(t, ms('2026-11-29T15:30:00Z')).label, 'Kirtan Sohila · 2/7', 'the same instant in UTC');
});

test('before the first entry: warning, no url, wake at the first entry', () => {
    const t = T.parseTimeline(kolkataText);
    const v = T.view(t, ms('2026-11-29T16:59:59+05:30'));
    eq(v.label, 'Nitnem ⚠', 'label');
    eq(v.url, null, 'url');
    eq(v.warning.includes('2026-11-29T17:00:00+05:30'), true, `warning ${v.warning}`);
    eq(v.wake, ms('2026-11-29T17:00:00+05:30'), 'wake');
    eq(T.pick(t, ms('2026-11-29T16:59:59+05:30')), null, 'pick');
});

test('long after validUntil: still the last entry, stale, dimmed reason in the menu', () => {
    const t = T.parseTimeline(kolkataText);
    const v = T.view(t, ms('2027-01-01T00:00:00Z'));
    eq(v.label, 'Rehras Sahib · 0/7', 'label');
    eq(v.stale, true, 'stale');
    eq(v.lines[0], 'Evening · Nitnem day 2026-11-30 (stale)', 'head');
    eq(/nitnem agent running/.test(v.lines[v.lines.length - 1]), true, 'hint');
});

test('validUntil before the last entry: stale from validUntil on, wake at validUntil first', () => {
    const raw = kolkata();
    raw.validUntil = '2026-11-30T04:00:00+05:30';
    const t = T.parseTimeline(JSON.stringify(raw));
    eq(T.nextWake(t, ms('2026-11-30T03:00:00+05:30')), ms('2026-11-30T04:00:00+05:30'), 'wake');
    const v = T.view(t, ms('2026-11-30T04:00:00+05:30'));
    eq([v.label, v.stale], ['Japji Sahib · 0/7', true]);
    eq(v.wake, ms('2026-11-30T09:00:00+05:30'), 'wake after validUntil: the next entry still changes it');
});

// ---- synthetic entries ------------------------------------------------------------------------

function withFirst(change) {
    const raw = kolkata();
    change(raw.entries[0]);
    return T.view(T.parseTimeline(JSON.stringify(raw)), ms('2026-11-29T18:00:00+05:30'));
}

test('resume: a resume line with line, total and percent', () => {
    const v = withFirst(e => {
        e.next.resume = {seq: 12, nLines: 40, fraction: 0.3};
    });
    eq(v.lines[2], 'Resume at line 12 of 40 (30%)');
});

test('dayComplete with null next: "Nitnem complete · 7/7", url falls back to the entry url', () => {
    const v = withFirst(e => {
        e.next = null;
        e.today = {done: 7, total: 7, fraction: 1};
        e.bandComplete = true;
        e.dayComplete = true;
        e.url = 'sggs://nitnem';
    });
    eq(v.label, 'Nitnem complete · 7/7', 'label');
    eq(v.lines, ['Evening · Nitnem day 2026-11-29', "Today's Nitnem is complete", 'Today: 7 of 7 read'], 'lines');
    eq(v.url, 'sggs://nitnem', 'url');
});

test('band complete, day not: "Evening done" on the count line', () => {
    const v = withFirst(e => {
        e.bandComplete = true;
        e.today = {done: 5, total: 7, fraction: 0.7143};
        e.next.titleEn = 'Kirtan Sohila';
    });
    eq(v.label, 'Kirtan Sohila · 5/7', 'label');
    eq(v.lines[3], 'Today: 5 of 7 read · Evening done');
});

test('null next with nothing to read (registry unavailable): "Nitnem not available"', () => {
    const v = withFirst(e => {
        e.next = null;
        e.today = {done: 0, total: 0, fraction: 0};
        e.url = 'sggs://nitnem';
    });
    eq(v.label, 'Nitnem not available');
    eq(v.lines[1], 'Nitnem not available in this database');
});

test('null next, day not complete: neutral label, never "complete"', () => {
    const v = withFirst(e => {
        e.next = null;
    });
    eq(v.label, 'Nitnem · 2/7');
});

test('titleGurmukhi null or missing: the Next line has no parentheses', () => {
    eq(withFirst(e => {
        e.next.titleGurmukhi = null;
    }).lines[1], 'Next: Rehras Sahib');
    eq(withFirst(e => {
        delete e.next.titleGurmukhi;
    }).lines[1], 'Next: Rehras Sahib');
});

test('a url that is not an sggs:// deep link is never offered', () => {
    for (const bad of ['file:///usr/bin/xterm', 'https://example.invalid/?sggs://bani/japji', 'https://example.invalid/', 'sggs://bani/x y', 'sggs://a\nb']) {
        const v = withFirst(e => {
            e.next.url = bad;
            e.url = bad;
        });
        eq(v.url, null, `url for ${JSON.stringify(bad)}`);
    }
    eq(T.safeUrl('sggs://bani/rehras?variant=taksal'), 'sggs://bani/rehras?variant=taksal');
    eq(T.safeUrl('sggs://nitnem'), 'sggs://nitnem');
});

// ---- corrupt files ----------------------------------------------------------------------------

const corrupt = [
    ['empty file', '', /empty/],
    ['truncated JSON', kolkataText.slice(0, 200), /^not JSON/],
    ['not an object', '[1,2]', /^\$: expected an object, got an array/],
    ['newer schema', JSON.stringify({...kolkata(), schema: 2}), /^schema: is newer .*got 2/],
    ['wrong kind', JSON.stringify({...kolkata(), kind: 'Other'}), /^kind: expected "NitnemNow", got "Other"/],
    ['no entries', JSON.stringify({...kolkata(), entries: []}), /^entries: is empty/],
    ['entries not an array', JSON.stringify({...kolkata(), entries: {}}), /^entries: expected an array/],
];
{
    const r = kolkata();
    r.entries[2].date = '2026-11-30 03:00';
    corrupt.push(['bad date', JSON.stringify(r), /^entries\[2\]\.date: expected an RFC 3339 instant.*"2026-11-30 03:00"/]);
    const z = kolkata();
    z.entries[1].date = '2026-11-29T21:00:00';
    corrupt.push(['date without zone', JSON.stringify(z), /^entries\[1\]\.date: expected an RFC 3339/]);
    const m = kolkata();
    delete m.entries[0].today.done;
    corrupt.push(['missing done', JSON.stringify(m), /^entries\[0\]\.today\.done: .*missing/]);
    const o = kolkata();
    [o.entries[0].date, o.entries[1].date] = [o.entries[1].date, o.entries[0].date];
    corrupt.push(['entries out of order', JSON.stringify(o), /^entries\[1\]\.date: is before/]);
    const n = kolkata();
    n.entries[3].next = 'japji';
    corrupt.push(['next a string', JSON.stringify(n), /^entries\[3\]\.next: expected an object, got "japji"/]);
    const d = kolkata();
    d.entries[0].today.done = 9;
    corrupt.push(['done over total', JSON.stringify(d), /^entries\[0\]\.today\.done: is more than today\.total \(7\)/]);
    const v = kolkata();
    v.validUntil = 12;
    corrupt.push(['validUntil a number', JSON.stringify(v), /^\$\.validUntil: expected an RFC 3339 instant.*got 12/]);
    const mo = kolkata();
    mo.entries[0].date = '2026-13-29T17:00:00+05:30';
    corrupt.push(['month 13', JSON.stringify(mo), /^entries\[0\]\.date: expected an RFC 3339/]);
}
for (const [what, text, pattern] of corrupt)
    test(`corrupt: ${what} → TimelineError`, () => throwsTimelineError(() => T.parseTimeline(text), pattern));

test('corrupt: bytes that are not UTF-8 → TimelineError', () => {
    throwsTimelineError(() => T.decodeTimeline(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), /not UTF-8/);
});

test('corrupt: a file over MAX_BYTES → TimelineError before parsing', () => {
    throwsTimelineError(() => T.decodeTimeline(new Uint8Array(T.MAX_BYTES + 1)), /more than a timeline/);
});

test('decodeTimeline reads the golden bytes like parseTimeline reads the text', () => {
    const [, bytes] = GLib.file_get_contents(`${goldenDir}/kolkata-evening.json`);
    eq(T.decodeTimeline(bytes), T.parseTimeline(kolkataText));
});

test('errorView: "Nitnem ⚠", the reason as the only menu line, no url, no wake', () => {
    const v = T.errorView('/g/widgets/NitnemNow.json: not JSON (x)');
    eq([v.label, v.lines, v.url, v.wake, v.stale], ['Nitnem ⚠', ['/g/widgets/NitnemNow.json: not JSON (x)'], null, null, false]);
});

// ---- paths and timeouts -----------------------------------------------------------------------

const env = vars => name => (name in vars ? vars[name] : null);

test('groupPath: SGGS_APP_GROUP wins, then an absolute XDG_DATA_HOME, then ~/.local/share', () => {
    eq(T.groupPath(env({SGGS_APP_GROUP: '/g', XDG_DATA_HOME: '/x'}), '/home/u'), '/g');
    eq(T.groupPath(env({SGGS_APP_GROUP: '', XDG_DATA_HOME: '/x'}), '/home/u'), '/x/sggs/group.org.sggs');
    eq(T.groupPath(env({XDG_DATA_HOME: 'relative'}), '/home/u'), '/home/u/.local/share/sggs/group.org.sggs');
    eq(T.groupPath(env({}), '/home/u'), '/home/u/.local/share/sggs/group.org.sggs');
});

test('timelinePath: <group>/widgets and its NitnemNow.json', () => {
    eq(T.timelinePath('/g/'), {dir: '/g/widgets', file: '/g/widgets/NitnemNow.json'});
});

test('delayMs: never 0 or negative, clamped to a day, null stays null', () => {
    eq(T.delayMs(null, 5), null);
    eq(T.delayMs(1000, 1000), 1);
    eq(T.delayMs(900, 1000), 1);
    eq(T.delayMs(1500.2, 1000), 501);
    eq(T.delayMs(1000 + 40 * 86400000, 1000), T.MAX_DELAY_MS);
});

test('parseInstant: Z, offsets, fractions; refuses zone-less and garbage', () => {
    eq(T.parseInstant('2026-11-29T11:30:00Z'), Date.UTC(2026, 10, 29, 11, 30));
    eq(T.parseInstant('2026-11-29T17:00:00+05:30'), Date.UTC(2026, 10, 29, 11, 30));
    eq(T.parseInstant('2026-11-29T17:00:00.250+05:30'), Date.UTC(2026, 10, 29, 11, 30, 0, 250));
    for (const bad of ['2026-11-29T17:00:00', '2026-11-29', 'now', 17, null, '2026-11-29T25:00:00Z'])
        eq(T.parseInstant(bad), null, JSON.stringify(bad));
});

finish();
