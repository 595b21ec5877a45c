// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the Preferences window's pure half (in contrib/shared/widget.js) with plain `gjs`, no Shell: what the real
// nitnem prints for it (`config --format json`, `sets --format json`, `sets available --format json`,
// `practice --format json`),
// every word the window shows among it, and the argv
// each control runs — run against the built nitnem in a temp home, so a changed output fails here.
// Once per module form of widget.js: `legacy` (nitnem@nitnem-43/, made by gen-43.sh in the build
// folder, .build/contrib, through the legacy importer, as GNOME Shell 43/44 load it) and `esm`
// (nitnem@nitnem/, as 45+ load it).
// Run: contrib/gnome-shell/tests/run.sh  (or: gjs -m contrib/gnome-shell/tests/test_prefs.js NITNEM esm)
import GLib from 'gi://GLib';
import System from 'system';

import {eq, extensionModule, finish, test as harnessTest} from './harness.js';

const [testFile] = GLib.filename_from_uri(import.meta.url);
const gnomeDir = GLib.path_get_dirname(GLib.path_get_dirname(testFile));
const [NITNEM, variant = 'esm'] = System.programArgs;
const S = await extensionModule('widget', variant, 'test_prefs.js');

function test(name, fn) {
    harnessTest(`prefs ${variant}`, name, fn);
}

const home = GLib.dir_make_tmp('nitnem-prefs-XXXXXX');
const env = [`HOME=${home}`, `XDG_CONFIG_HOME=${home}/config`, `XDG_STATE_HOME=${home}/state`,
    `XDG_RUNTIME_DIR=${home}`, `SGGS_APP_GROUP=${home}/group`, 'TZ=UTC', 'SGGS_CLOCK_NOW=2026-12-02T10:00:00Z',
    'LANG=C.UTF-8', `PATH=${GLib.getenv('PATH')}`];

/** Runs argv as the window would, with the temp home: `{ok, stdout, stderr, status}`. */
function run(argv) {
    const [, stdout, stderr, wait] = GLib.spawn_sync(null, argv, env, GLib.SpawnFlags.DEFAULT, null);
    const d = new TextDecoder();
    let status = 0;
    try {
        GLib.spawn_check_wait_status(wait);
    } catch (e) {
        status = wait >> 8;
    }
    return {ok: status === 0, stdout: d.decode(stdout), stderr: d.decode(stderr), status};
}
function readFile(path) {
    const [ok, bytes] = GLib.file_get_contents(path);
    return ok ? new TextDecoder().decode(bytes) : null;
}

test('config --format json gives every key its page and label, and the pages\' words, all nitnem\'s', () => {
    const c = S.parseConfig(run(S.argv.config(NITNEM)).stdout);
    eq(S.pageKeys(c, 'reminders').map(k => k.name), ['reminders', 'reminder.amritVela', 'reminder.evening',
        'reminder.night', 'snooze', 'sound', 'click', 'remind-when-done'], 'the Reminders page');
    eq(S.pageKeys(c, 'reading').map(k => k.name), ['open', 'reader', 'listen', 'rehras', 'titles'], 'the Reading page');
    eq(c.keys.reminders.choices, ['on', 'off'], 'reminders');
    const evening = c.keys['reminder.evening'];
    eq([evening.value, evening.form, evening.label], ['18:00', 'H:MM', 'Evening reminder'], 'evening');
    eq(evening.reset, 'Reset Evening reminder to its default (18:00)', 'its reset button');
    eq(c.keys.titles.choices, ['english', 'gurmukhi', 'both'], 'titles');
    eq(c.path, `${home}/config/nitnem/config`, 'path');
    eq(c.words.pages, {reminders: 'Reminders', reading: 'Reading', sets: 'Your Nitnem'}, 'page titles');
    eq([c.words.pause.title, c.words.pause.state, c.words.pause.resume], ['Pause', 'Not paused', 'Resume reminders']);
    eq([c.words.default, c.words.report], ['Default', 'What nitnem reported']);
});

test('a band\'s time set through its argv lands in the file; a refused one is nitnem\'s one-line error', () => {
    const r = run(S.argv.set(NITNEM, 'reminder.evening', '18:30'));
    eq(r.ok, true, r.stderr);
    eq(S.reportLine(r.stdout), `reminder.evening = 18:30  # ${home}/config/nitnem/config:1`);
    eq(readFile(`${home}/config/nitnem/config`), 'reminder.evening = 18:30\n');
    const bad = run(S.argv.set(NITNEM, 'reminder.evening', '22:00'));
    eq([bad.ok, bad.status], [false, 2]);
    eq(S.errorLine(bad.stderr, bad.status), 'reminder.evening: 22:00 is outside the Evening band (17:00–20:59)');
    eq(readFile(`${home}/config/nitnem/config`), 'reminder.evening = 18:30\n', 'nothing written');
    eq(S.parseConfig(run(S.argv.config(NITNEM)).stdout).keys['reminder.evening'].source, 'file');
    eq(run(S.argv.unset(NITNEM, 'reminder.evening')).ok, true);
    eq(S.parseConfig(run(S.argv.config(NITNEM)).stdout).keys['reminder.evening'].source, 'default');
});

test('your Nitnem: add from the banis available, reorder, remind, remove, reset; every word nitnem\'s', () => {
    const available = S.parseAvailable(run(S.argv.available(NITNEM)).stdout);
    const sukhmani = available.find(a => a.id === 'sukhmani');
    eq(sukhmani, {id: 'sukhmani', title: 'Sukhmani Sahib', sets: []}, 'sukhmani is offered');
    eq(available.find(a => a.id === 'kirtan_sohila').sets, ['night'], 'the sets a bani is in');
    eq(run(S.argv.add(NITNEM, 'sukhmani', 'evening')).ok, true);
    let {sets, words} = S.parseSets(run(S.argv.sets(NITNEM)).stdout);
    eq(sets.evening.banis.map(b => b.id), ['rehras', 'sukhmani'], 'added at the end');
    eq(sets.evening.yours, true, 'yours now');
    eq([sets.evening.heading, sets.evening.add, sets.evening.choose, sets.evening.reset],
        ['Evening (yours)', 'Add to Evening', 'Bani to add to Evening', 'Reset Evening to the snapshot\'s']);
    eq(sets.evening.banis[1].labels, {remind: 'Reminder time for Sukhmani Sahib', up: 'Move up: Sukhmani Sahib',
        down: 'Move down: Sukhmani Sahib', remove: 'Remove Sukhmani Sahib from Evening'}, 'a bani\'s controls');
    eq(words, {add: 'Add', reset: 'Reset', remove: 'Remove', up: 'Move up', down: 'Move down', off: 'off'});
    eq(S.argv.move(NITNEM, 'evening', sets.evening.banis, 0, -1), null, 'the first cannot go up');
    eq(run(S.argv.move(NITNEM, 'evening', sets.evening.banis, 1, -1)).ok, true);
    sets = S.parseSets(run(S.argv.sets(NITNEM)).stdout).sets;
    eq(sets.evening.banis.map(b => b.id), ['sukhmani', 'rehras'], 'moved up');
    eq(run(S.argv.remind(NITNEM, 'sukhmani', '19:15')).ok, true);
    eq(S.parseSets(run(S.argv.sets(NITNEM)).stdout).sets.evening.banis[0].remind, '19:15', 'reminder');
    const mine = JSON.parse(readFile(`${home}/group/nitnem-mynitnem.json`));
    eq(mine.sets.evening, ['sukhmani', 'rehras'], 'nitnem-mynitnem.json');
    eq(S.parseAvailable(run(S.argv.available(NITNEM)).stdout).find(a => a.id === 'sukhmani').sets, ['evening']);
    eq(run(S.argv.remove(NITNEM, 'sukhmani', 'evening')).ok, true);
    eq(run(S.argv.reset(NITNEM, 'evening')).ok, true);
    sets = S.parseSets(run(S.argv.sets(NITNEM)).stdout).sets;
    eq([sets.evening.yours, sets.evening.banis.map(b => b.id), sets.evening.heading],
        [false, ['rehras'], 'Evening (the snapshot\'s)'], 'reset');
});

test('pause and resume through their argv; config --format json says until when, worded', () => {
    const config = () => S.parseConfig(run(S.argv.config(NITNEM)).stdout);
    eq([config().paused, config().words.pause.state], [null, 'Not paused'], 'not paused');
    eq(run(S.argv.pause(NITNEM, 'tomorrow')).ok, true);
    eq([config().paused, config().words.pause.state],
        ['2026-12-03T03:00:00+00:00', 'Reminders paused until 2026-12-03 03:00'], 'paused');
    eq(run(S.argv.resume(NITNEM)).ok, true);
    eq(config().paused, null, 'resumed');
    eq(S.argv.pause(NITNEM, ''), [NITNEM, 'reminders', 'pause'], 'no date: nitnem\'s default');
});

test('a practice: started, stopped and begun again through nitnem\'s argv; every word and button nitnem\'s', () => {
    const practice = () => S.parsePractice(run(S.argv.practice(NITNEM)).stdout, NITNEM);
    let p = practice();
    eq(p.practices, [], 'none yet');
    eq(p.words, {title: 'Practice', choose: 'Bani to practise', days: 'Days', start: 'Start', stop: 'Stop',
        restart: 'Begin again'}, 'the group\'s words');
    eq([p.start.argv, p.start.days], [[NITNEM, 'practice', 'start'], {min: 1, max: 1000, default: 40}]);
    const offered = S.parseAvailable(run(S.argv.available(NITNEM)).stdout).map(a => [a.id, a.title]);
    eq(p.start.banis.map(b => [b.id, b.title]), offered, 'the banis to practise are those sets available lists');
    const sukhmani = p.start.banis.find(b => b.id === 'sukhmani');
    eq(S.argv.start(p.start, sukhmani.id, 21), [NITNEM, 'practice', 'start', 'sukhmani', '--days', '21']);
    const started = run(S.argv.start(p.start, sukhmani.id, 21));
    eq(started.ok, true, started.stderr);
    eq(S.reportLine(started.stdout), 'Sukhmani Sahib · day 1 of 21 · today: still to read', 'the report line');
    const file = () => JSON.parse(readFile(`${home}/group/nitnem-mynitnem.json`)).practices;
    eq(file().map(x => [x.bani, x.from, x.days, x.stopped]), [['sukhmani', '2026-12-02', 21, undefined]],
        'nitnem-mynitnem.json');
    p = practice();
    const [one] = p.practices;
    eq([one.bani, one.title, one.running, one.text], ['sukhmani', 'Sukhmani Sahib', true,
        'Sukhmani Sahib · day 1 of 21 · today: still to read']);
    eq([one.stop, one.restart], [[NITNEM, 'practice', 'stop', 'sukhmani'], [NITNEM, 'practice', 'restart', 'sukhmani']]);
    eq(one.labels, {stop: 'Stop the practice of Sukhmani Sahib', restart: 'Begin the practice of Sukhmani Sahib again'});
    eq(p.start.banis.some(b => b.id === 'sukhmani'), false, 'a running practice\'s bani is not offered again');
    const stopped = run(one.stop);
    eq([stopped.ok, S.reportLine(stopped.stdout)], [true, 'Sukhmani Sahib · stopped on 2026-12-02 · 0 of 21 days read']);
    eq(file()[0].stopped, '2026-12-02', 'stopped on disk');
    p = practice();
    eq([p.practices[0].running, p.practices[0].stop], [false, null], 'a stopped practice has no Stop');
    eq(p.start.banis.some(b => b.id === 'sukhmani'), true, 'and its bani is offered again');
    const again = run(p.practices[0].restart);
    eq([again.ok, S.reportLine(again.stdout)], [true, 'Sukhmani Sahib · day 1 of 21 · today: still to read']);
    const latest = practice().practices.find(x => x.running);
    eq(run(latest.stop).ok, true, 'begun again, it runs: stopped again');
    const refused = run(latest.stop);
    eq(S.errorLine(refused.stderr, refused.status), 'Sukhmani Sahib: no practice runs (\'nitnem practice\' lists them)');
});

test('a practice command nitnem did not give is not run', () => {
    for (const argv of [['nitnem', 'practice', 'reset'], ['nitnem', 'practice', 'stop', '--group', '/tmp'],
        ['nitnem', 'practice', 'stop'], ['nitnem', 'sets', 'reset', 'evening'], ['sh', 'practice', 'stop', 'x'],
        ['nitnem', 'practice', 'start', 'japji']])
        eq(S.practiceArgv(argv, NITNEM), null, argv.join(' '));
    let message = null;
    try {
        S.parsePractice('{"practices":[],"words":{},"start":{"argv":["nitnem","practice","reset"],"banis":[]}}', NITNEM);
    } catch (e) {
        message = e.message;
    }
    eq(message, 'start.argv: expected nitnem practice start, got an array');
});

test('what nitnem printed that is not what the window expects is one line', () => {
    for (const [fn, text] of [[S.parseConfig, '{'], [S.parseConfig, '{}'], [S.parseConfig, '{"keys":[]}'],
        [S.parseSets, '{"sets":{}}'], [S.parseAvailable, 'japji  Japji Sahib'], [S.parseAvailable, '{}'],
        [S.parsePractice, '{"practices":[]}'], [S.parsePractice, 'Sukhmani Sahib · day 1 of 40']]) {
        let message = null;
        try {
            fn(text);
        } catch (e) {
            message = e instanceof S.DataError ? e.message : `not a DataError: ${e}`;
        }
        eq(message !== null && !message.includes('\n'), true, `${text}: ${message}`);
    }
    eq(S.errorLine('', 1), 'nitnem exited with status 1');
});

test('prefs.js parses (it needs the Extensions app to run; a syntax error there would only show in a real Shell)', () => {
    const code = readFile(`${gnomeDir}/nitnem@nitnem/prefs.js`)
        .replace(/^import .*$/gm, '').replace(/^export default /gm, '').replace(/^export /gm, '');
    let error = null;
    try {
        // eslint-disable-next-line no-new-func
        new Function(code);
    } catch (e) {
        error = `${e.name}: ${e.message} (line ${e.lineNumber})`;
    }
    eq(error, null);
});

test('prefs.js and widget.js\'s settings part word nothing: no English words in their strings (nitnem words every label)', () => {
    // widget.js from its `// ---- the settings pages` line: what it reads for this window.
    const part = (name, text) => name.endsWith('widget.js') ? text.slice(text.indexOf('// ---- the settings pages')) : text;
    for (const name of ['nitnem@nitnem/prefs.js', '../shared/widget.js']) {
        const code = part(name, readFile(`${gnomeDir}/${name}`))
            .replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, '');
        // A string literal holding two words with a space between them: a label written here.
        const worded = (code.match(/'[^'\n]*'|`[^`\n]*`|"[^"\n]*"/g) ?? [])
            .filter(lit => /[A-Za-z]{2,} [a-z]{2,}/.test(lit.replace(/\$\{[^}]*\}/g, '')))
            // Errors stay English: a DataError names nitnem's command, or says what a path was `expected` to be.
            .filter(lit => !lit.includes('is not JSON') && !lit.startsWith("'nitnem ") && !lit.startsWith('`nitnem ') &&
                !lit.startsWith("'expected "));
        eq(worded, [], name);
    }
});

GLib.spawn_command_line_sync(`rm -rf ${GLib.shell_quote(home)}`);
finish();
