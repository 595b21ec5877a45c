// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the menu model of the extension's pure half (contrib/shared/widget.js, the logic the Plasma widget loads too) with plain `gjs`, no Shell:
// the `display` nitnem prints (`nitnem status --format json` and the timeline; the golden files the
// Swift tests record in fixtures/golden/display, shared with the Plasma widget's tests) rendered as
// the menu: the lines, the day's banis and the actions, each with the argv it runs. The same cases
// run against both module forms, as test_timeline.js does:
//   legacy  .build/contrib/nitnem@nitnem-43/widget.js (gen-43.sh makes it) through the legacy importer, as GNOME Shell 43/44 load it
//   esm     .build/contrib/nitnem@nitnem/widget.js as an ES module, as GNOME Shell 45+ load it
// Run: contrib/gnome-shell/tests/run.sh  (or: gjs -m contrib/gnome-shell/tests/test_menu.js esm)
import {eq, finish, readText, repoDir, widgetUnderTest} from './harness.js';

const goldenDir = `${repoDir}/fixtures/golden`;
const {T, test, throwsDataError} = await widgetUnderTest('test_menu.js');

const NITNEM = '/usr/local/bin/nitnem';
const displayDir = `${goldenDir}/display`;
const statuses = ['en-evening', 'pa-evening', 'pa-gurmukhi-morning', 'en-resume-listen', 'en-empty-evening'];
const golden = name => readText(`${displayDir}/${name}.status.json`);

for (const name of statuses) {
    const raw = JSON.parse(golden(name));
    test(`${name}: the menu is nitnem's display — label, lines, banis, actions — each argv run as the program`, () => {
        const m = T.menuModel(T.parseStatus(golden(name)), NITNEM);
        eq(m.label, raw.display.label, 'label');
        eq(m.lines, raw.display.lines, 'lines');
        eq(m.items.map(b => [b.label, b.next]), raw.display.items.map(b => [b.label, b.next]), 'banis');
        eq(m.items.map(b => b.argv), raw.display.items.map(b => [NITNEM, ...b.argv.slice(1)]), 'bani argv');
        eq(m.actions.map(a => [a.id, a.label]), raw.display.actions.map(a => [a.id, a.label]), 'actions');
        eq(m.actions.map(a => a.argv), raw.display.actions.map(a => [NITNEM, ...a.argv.slice(1)]), 'action argv');
    });
}

test('Punjabi and Gurmukhi titles come as nitnem words them; nothing English is added', () => {
    const pa = T.menuModel(T.parseStatus(golden('pa-evening')), NITNEM);
    const en = T.menuModel(T.parseStatus(golden('en-evening')), NITNEM);
    eq(pa.lines.some(l => en.lines.includes(l)), false, 'no line is the English one');
    eq(pa.actions.map(a => a.label).includes('Read now'), false, 'Read now in Punjabi');
    const g = T.menuModel(T.parseStatus(golden('pa-gurmukhi-morning')), NITNEM);
    eq(g.label.startsWith('ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ'), true, `label ${g.label}`);
});

test('the resume percent, Listen, and an empty evening set are in what nitnem says', () => {
    const r = T.menuModel(T.parseStatus(golden('en-resume-listen')), NITNEM);
    eq(r.lines.some(l => l.includes('(29%)')), true, `lines ${r.lines}`);
    eq(r.actions.map(a => a.id), ['read', 'mark', 'listen'], 'actions');
    eq(r.actions[2].argv, [NITNEM, 'listen', 'sggs://bani/savaiye'], 'listen');
    const e = T.menuModel(T.parseStatus(golden('en-empty-evening')), NITNEM);
    eq(e.lines.some(l => l.includes('your evening set is empty')), true, `lines ${e.lines}`);
    eq(T.menuModel(T.parseStatus(golden('en-evening')), NITNEM).actions.map(a => a.id), ['read', 'mark'], 'no Listen');
});

test('a read bani is unmarked (--undo), an unread one marked, on the day of the display', () => {
    const m = T.menuModel(T.parseStatus(golden('en-evening')), NITNEM);
    const byId = Object.fromEntries(m.items.map(b => [b.id, b.argv]));
    eq(byId['rehras/taksal'], [NITNEM, 'mark', 'rehras/taksal', '--day', '2026-11-29'], 'mark');
    eq(byId.japji, [NITNEM, 'mark', 'japji', '--day', '2026-11-29', '--undo'], 'undo');
});

test('the timeline entry at 17:00 and status at 17:00 show the same menu', () => {
    const t = T.parseTimeline(readText(`${displayDir}/en-evening.timeline.json`));
    const fromTimeline = T.menuModel(T.view(t, t.entries[0].date), NITNEM);
    eq(fromTimeline, T.menuModel(T.parseStatus(golden('en-evening')), NITNEM));
    const pa = T.parseTimeline(readText(`${displayDir}/pa-gurmukhi.timeline.json`));
    eq(T.menuModel(T.view(pa, pa.entries[0].date), NITNEM).items[0].label, '✓ ਜਪੁ ਜੀ ਸਾਹਿਬ', 'Gurmukhi');
});

test('status could not read the group: its error display, a warning', () => {
    const v = T.parseStatus('{"error":"/g/nitnem-progress.json: not JSON","display":{"label":"Nitnem ⚠",' +
        '"lines":["/g/nitnem-progress.json: not JSON"],"items":[],"actions":[]}}');
    eq([v.warning, v.display.lines], ['/g/nitnem-progress.json: not JSON', ['/g/nitnem-progress.json: not JSON']]);
    eq(T.menuModel(v, NITNEM), {label: 'Nitnem ⚠', lines: ['/g/nitnem-progress.json: not JSON'], items: [], actions: [],
        journey: null});
});

test('statusArgv asks for JSON, with no shell', () => {
    eq(T.statusArgv(NITNEM), [NITNEM, 'status', '--format', 'json']);
});

test('programPath: PATH first, then ~/.local/bin, else the bare name', () => {
    eq(T.programPath(() => '/usr/bin/nitnem', '/home/a', () => true), '/usr/bin/nitnem', 'PATH');
    eq(T.programPath(() => null, '/home/a/', p => p === '/home/a/.local/bin/nitnem'), '/home/a/.local/bin/nitnem',
        'local');
    eq(T.programPath(() => null, '/home/a', () => false), 'nitnem', 'bare');
});

test('bad status output is one line naming the JSON path', () => {
    throwsDataError(() => T.parseStatus(''), /^the status is empty$/);
    throwsDataError(() => T.parseStatus('{'), /^the status is not JSON/);
    throwsDataError(() => T.parseStatus('[]'), /^\$: expected an object/);
    throwsDataError(() => T.parseStatus('{"dayKey":"2026-11-29"}'), /^\$\.display: expected an object, but it is missing/);
    const c = JSON.parse(golden('en-evening'));
    c.display.items[2].argv = ['nitnem', 'mark', '--group=/tmp/x'];
    throwsDataError(() => T.parseStatus(JSON.stringify(c)), /^\$\.display\.items\[2\]\.argv: expected a nitnem/);
    throwsDataError(() => T.parseStatus(' '.repeat(T.MAX_BYTES + 1)), /more than nitnem prints/);
});

test('the journey: the month as nitnem words it, each day named, laid out Monday first', () => {
    const raw = JSON.parse(golden('en-evening')).display.journey;
    const j = T.menuModel(T.parseStatus(golden('en-evening')), NITNEM).journey;
    eq([j.title, j.streaks, j.weekdays], [raw.title, raw.streaks, raw.weekdays], 'title, streaks, weekdays');
    eq(j.days.map(d => [d.number, d.mark, d.state, d.today, d.name]),
        raw.days.map(d => [d.number, d.mark, d.state, d.today, d.name]), 'days');
    const rows = T.journeyRows(j);
    eq(rows.weeks.every(w => w.length === 7), true, 'weeks of 7');
    eq(rows.weeks[0].slice(0, raw.offset), Array(raw.offset).fill(null), 'blank cells before the 1st');
    eq(rows.weeks[0][raw.offset].number, '1', 'the 1st after them');
    eq(rows.weeks.flat().filter(c => c).map(c => c.name), raw.days.map(d => d.name), 'every day once, in order');
    const today = j.days.find(d => d.today);
    eq(today.state === 'inProgress' || today.state === 'complete', true, `today ${today.state}`);
    const pa = T.menuModel(T.parseStatus(golden('pa-evening')), NITNEM).journey;
    eq(pa.title === j.title, false, 'the Punjabi month is nitnem\'s words');
});

test('the journey of the timeline entry at 17:00 is the status one; a bad one is a one-line error', () => {
    const t = T.parseTimeline(readText(`${displayDir}/en-evening.timeline.json`));
    eq(T.menuModel(T.view(t, t.entries[0].date), NITNEM).journey,
        T.menuModel(T.parseStatus(golden('en-evening')), NITNEM).journey);
    const c = JSON.parse(golden('en-evening'));
    c.display.journey.offset = 7;
    throwsDataError(() => T.parseStatus(JSON.stringify(c)), /^\$\.display\.journey\.offset: expected a whole number/);
    const d = JSON.parse(golden('en-evening'));
    d.display.journey.days[0].state = 'missed';
    throwsDataError(() => T.parseStatus(JSON.stringify(d)), /^\$\.display\.journey\.days\[0\]\.state: expected one of/);
    const none = JSON.parse(golden('en-evening'));
    delete none.display.journey;
    eq(T.parseStatus(JSON.stringify(none)).display.journey, null, 'an older nitnem: no journey');
});

finish();
