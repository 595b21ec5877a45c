// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the extension's pure half (contrib/shared/widget.js, the logic the Plasma widget loads too) with plain `gjs`, no Shell: the golden timelines
// the agent's tests record (fixtures/golden/timeline) and synthetic cases. The same cases run
// against both module forms, picked by the one argument:
//   legacy  .build/contrib/nitnem@nitnem-43/widget.js (gen-43.sh makes it) through the legacy importer, as GNOME Shell 43/44 load it
//   esm     .build/contrib/nitnem@nitnem/widget.js as an ES module, as GNOME Shell 45+ load it
// Run: contrib/gnome-shell/tests/run.sh  (or: gjs -m contrib/gnome-shell/tests/test_timeline.js esm)
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

import {eq, finish, readText, repoDir, widgetUnderTest} from './harness.js';

const goldenDir = GLib.getenv('NITNEM_GOLDEN_TIMELINES') || `${repoDir}/fixtures/golden/timeline`;
const {variant, T, test, throwsDataError} = await widgetUnderTest('test_timeline.js');

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

// The timelines `nitnem timeline` prints (fixtures/golden/timeline) and the display goldens'
// timelines (fixtures/golden/display/*.timeline.json: Punjabi, Gurmukhi titles).
const displayDir = `${repoDir}/fixtures/golden/display`;
const goldens = [];
for (const [dir, suffix] of [[goldenDir, '.json'], [displayDir, '.timeline.json']]) {
    const children = Gio.File.new_for_path(dir).enumerate_children('standard::name', Gio.FileQueryInfoFlags.NONE, null);
    let info;
    while ((info = children.next_file(null)) !== null) {
        if (info.get_name().endsWith(suffix))
            goldens.push(`${dir}/${info.get_name()}`);
    }
    children.close(null);
}
goldens.sort();

test('golden folders have the six timelines and the display ones', () => {
    eq(goldens.length >= 8, true, `timelines: ${goldens}`);
});

for (const path of goldens) {
    const name = GLib.path_get_basename(path);
    const text = readText(path);
    const raw = JSON.parse(text);

    test(`${name}: parses, entries in order`, () => {
        const t = T.parseTimeline(text);
        eq(t.entries.length, raw.entries.length, 'entries');
        eq(t.validUntil, ms(raw.validUntil), 'validUntil');
    });

    test(`${name}: at each entry's date exactly that entry's display shows, 1 ms before the one above`, () => {
        const t = T.parseTimeline(text);
        raw.entries.forEach((e, i) => {
            const at = T.pick(t, ms(e.date));
            eq(at.index, i, `index at ${e.date}`);
            eq(at.stale, false, `stale at ${e.date}`);
            const v = T.view(t, ms(e.date));
            eq([v.display.label, v.display.lines], [e.display.label, e.display.lines], `display at ${e.date}`);
            eq(v.complete, e.dayComplete, 'complete');
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

    test(`${name}: at validUntil the last entry shows, stale, nitnem's stale line last, no wake`, () => {
        const v = T.view(T.parseTimeline(text), ms(raw.validUntil));
        const last = raw.entries[raw.entries.length - 1].display;
        eq([v.stale, v.wake, v.display.label], [true, null, last.label], 'stale, wake, label');
        eq(v.display.lines, [...last.lines, raw.display.stale], 'lines');
    });
}

// ---- the kolkata evening in detail ------------------------------------------------------------

const kolkataText = readText(`${goldenDir}/kolkata-evening.json`);
const kolkata = () => JSON.parse(kolkataText);

test('kolkata-evening at 17:00: the first entry\'s display, next wake 21:00', () => {
    const raw = kolkata();
    const v = T.view(T.parseTimeline(kolkataText), ms('2026-11-29T17:00:00+05:30'));
    eq(v.display.label, raw.entries[0].display.label, 'label');
    eq(v.display.lines, raw.entries[0].display.lines, 'lines');
    eq([v.stale, v.warning, v.wake], [false, null, ms('2026-11-29T21:00:00+05:30')], 'stale, warning, wake');
});

test('kolkata-evening at 20:59:59.999 still the 17:00 entry, at 21:00 the 21:00 one', () => {
    const raw = kolkata();
    const t = T.parseTimeline(kolkataText);
    eq(T.view(t, ms('2026-11-29T20:59:59+05:30') + 999).display.label, raw.entries[0].display.label);
    eq(T.view(t, ms('2026-11-29T21:00:00+05:30')).display.label, raw.entries[1].display.label);
    eq(T.view(t, ms('2026-11-29T15:30:00Z')).display.label, raw.entries[1].display.label, 'the same instant in UTC');
});

test('before the first entry: warning, no items or actions, wake at the first entry', () => {
    const t = T.parseTimeline(kolkataText);
    const v = T.view(t, ms('2026-11-29T16:59:59+05:30'));
    eq(v.display.label, 'Nitnem ⚠', 'label');
    eq([v.display.items, v.display.actions], [[], []], 'nothing to run');
    eq(v.warning.includes('2026-11-29T17:00:00+05:30'), true, `warning ${v.warning}`);
    eq(v.wake, ms('2026-11-29T17:00:00+05:30'), 'wake');
    eq(T.pick(t, ms('2026-11-29T16:59:59+05:30')), null, 'pick');
});

test('validUntil before the last entry: stale from validUntil on, wake at validUntil first', () => {
    const raw = kolkata();
    raw.validUntil = '2026-11-30T04:00:00+05:30';
    const t = T.parseTimeline(JSON.stringify(raw));
    eq(T.nextWake(t, ms('2026-11-30T03:00:00+05:30')), ms('2026-11-30T04:00:00+05:30'), 'wake');
    const v = T.view(t, ms('2026-11-30T04:00:00+05:30'));
    eq([v.display.label, v.stale], [raw.entries[2].display.label, true]);
    eq(v.wake, ms('2026-11-30T09:00:00+05:30'), 'wake after validUntil: the next entry still changes it');
});

test('the display is shown as nitnem words it: any label, any lines, nothing added', () => {
    const raw = kolkata();
    raw.entries[0].display.label = 'ਰਹਰਾਸਿ ਸਾਹਿਬ · 2/7';
    raw.entries[0].display.lines = ['ਸ਼ਾਮ', 'x'];
    const v = T.view(T.parseTimeline(JSON.stringify(raw)), ms('2026-11-29T18:00:00+05:30'));
    eq([v.display.label, v.display.lines], ['ਰਹਰਾਸਿ ਸਾਹਿਬ · 2/7', ['ਸ਼ਾਮ', 'x']]);
});

test('an argv that is not a nitnem mark, open or listen of a deep link is refused', () => {
    for (const bad of [['sh', '-c', 'x'], ['nitnem', 'config', 'set', 'reader', 'x'], ['nitnem', 'open', 'file:///etc'],
        ['nitnem', 'mark', '--group=/tmp'], ['nitnem', 'listen', 'sggs://a b'], 'nitnem open', ['nitnem', 'open', 3]]) {
        eq(T.commandArgv(bad, '/bin/nitnem'), null, JSON.stringify(bad));
        const raw = kolkata();
        raw.entries[0].display.actions[0].argv = bad;
        throwsDataError(() => T.parseTimeline(JSON.stringify(raw)), /^entries\[0\]\.display\.actions\[0\]\.argv: expected a nitnem/);
    }
    eq(T.commandArgv(['nitnem', 'open', 'sggs://bani/rehras?variant=taksal'], '/b/n'), ['/b/n', 'open', 'sggs://bani/rehras?variant=taksal']);
    eq(T.commandArgv(['nitnem', 'open'], 'n'), ['n', 'open']);
    eq(T.safeUrl('sggs://nitnem'), 'sggs://nitnem');
    eq(T.safeUrl('https://example.invalid/?sggs://bani/japji'), null);
});

// ---- corrupt files ----------------------------------------------------------------------------

const corrupt = [
    ['empty file', '', /empty/],
    ['truncated JSON', kolkataText.slice(0, 200), /not JSON/],
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
    const o = kolkata();
    [o.entries[0].date, o.entries[1].date] = [o.entries[1].date, o.entries[0].date];
    corrupt.push(['entries out of order', JSON.stringify(o), /^entries\[1\]\.date: is before/]);
    const old = kolkata();
    delete old.entries[3].display;
    corrupt.push(['an older agent: no display', JSON.stringify(old), /^entries\[3\]\.display: is missing/]);
    const l = kolkata();
    l.entries[0].display.lines = ['a', 7];
    corrupt.push(['a line not a string', JSON.stringify(l), /^entries\[0\]\.display\.lines\[1\]: expected a string, got 7/]);
    const v = kolkata();
    v.validUntil = 12;
    corrupt.push(['validUntil a number', JSON.stringify(v), /^\$\.validUntil: expected an RFC 3339 instant.*got 12/]);
    const s = kolkata();
    delete s.display;
    corrupt.push(['no stale line', JSON.stringify(s), /^\$\.display: expected an object/]);
    const mo = kolkata();
    mo.entries[0].date = '2026-13-29T17:00:00+05:30';
    corrupt.push(['month 13', JSON.stringify(mo), /^entries\[0\]\.date: expected an RFC 3339/]);
}
for (const [what, text, pattern] of corrupt)
    test(`corrupt: ${what} → TimelineError`, () => throwsDataError(() => T.parseTimeline(text), pattern));

test('corrupt: bytes that are not UTF-8 → TimelineError', () => {
    throwsDataError(() => T.decodeTimeline(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), /not UTF-8/);
});

test('corrupt: a file over MAX_BYTES → TimelineError before parsing', () => {
    throwsDataError(() => T.decodeTimeline(new Uint8Array(T.MAX_BYTES + 1)), /more than a timeline/);
});

test('decodeTimeline reads the golden bytes like parseTimeline reads the text', () => {
    const [, bytes] = GLib.file_get_contents(`${goldenDir}/kolkata-evening.json`);
    eq(T.decodeTimeline(bytes), T.parseTimeline(kolkataText));
});

test('errorView: "Nitnem ⚠", the reason as the only line, nothing to run, no wake', () => {
    const v = T.errorView('/g/widgets/NitnemNow.json: not JSON (x)');
    eq([v.display, v.wake, v.stale], [{label: 'Nitnem ⚠', lines: ['/g/widgets/NitnemNow.json: not JSON (x)'], items: [],
        actions: [], journey: null}, null, false]);
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
