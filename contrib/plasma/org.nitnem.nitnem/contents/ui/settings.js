// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the widget's settings pages (NitnemSettings.qml), shared unchanged by the Plasma 6
// and 5.27 variants: the nitnem commands each control runs (argv) and what nitnem prints for them to
// show (`config --format json`, `sets --format json`, `sets available`, `status --format json`'s
// pause). No rule is here: the values a key takes, its default and what it does are nitnem's, and a
// refused value is shown in nitnem's own words. No Plasma or Qt imports: qmltestrunner tests it.
.pragma library

/** The keys the Reminders page shows, in order, then the Reading page's: layout only. */
var REMINDER_KEYS = ['reminders', 'reminder.amritVela', 'reminder.evening', 'reminder.night', 'snooze', 'sound',
    'remind-when-done', 'click'];
var READING_KEYS = ['titles', 'reader', 'open', 'listen', 'rehras'];

/** The daily sets, in the order nitnem lists them. */
var SETS = ['morning', 'evening', 'night'];

function parse(text, what) {
    try {
        return JSON.parse(text);
    } catch (e) {
        throw new Error(what + ' is not JSON (' + e.message + ')');
    }
}

/**
 * `nitnem config --format json`, the keys of `names` in that order:
 * `[{name, value, defaultText, source, choices[], form, help, accepted, problem, choicesOnly, label, reset}]`
 * (`label`, `reset`: nitnem's names for the key's field and its reset button).
 */
function parseConfig(text, names) {
    var root = parse(text, 'nitnem config --format json');
    if (!root || !Array.isArray(root.keys))
        throw new Error('nitnem config --format json: no keys (is nitnem older than this widget?)');
    var byName = {};
    root.keys.forEach(function (k) { byName[k.key] = k });
    return names.filter(function (n) { return byName[n] !== undefined }).map(function (n) {
        var k = byName[n];
        var choices = Array.isArray(k.choices) ? k.choices.map(String) : [];
        var form = typeof k.form === 'string' ? k.form : null;
        return {name: n, value: typeof k.value === 'string' ? k.value : '', defaultText: String(k.defaultText || ''),
            source: k.source === 'file' ? 'file' : 'default', choices: choices, form: form,
            help: String(k.help || ''), accepted: String(k.accepted || ''),
            problem: typeof k.problem === 'string' ? k.problem : '', choicesOnly: form === null && choices.length > 0,
            label: String(k.label || n), reset: String(k.reset || '')};
    });
}

/**
 * `nitnem sets --format json`: `[{set, yours, choose, add, reset, banis: [{id, title, remind, labels: {remind,
 * up, down, remove}}]}]` in SETS order (`choose`, `add`, `reset`, `labels`: nitnem's names for the controls).
 */
function parseSets(text) {
    var root = parse(text, 'nitnem sets --format json');
    return SETS.map(function (set) {
        var s = root && root.sets && root.sets[set];
        if (!s || !Array.isArray(s.banis))
            throw new Error('nitnem sets --format json: no ' + set + ' set');
        return {set: set, yours: s.yours === true, choose: String(s.choose || ''), add: String(s.add || ''),
            reset: String(s.reset || ''), banis: s.banis.map(function (b) {
            var l = b.labels || {};
            return {id: String(b.id), title: typeof b.title === 'string' ? b.title : String(b.id),
                remind: typeof b.remind === 'string' ? b.remind : '', labels: {remind: String(l.remind || ''),
                up: String(l.up || ''), down: String(l.down || ''), remove: String(l.remove || '')}};
        })};
    });
}

/** `nitnem sets available`: one bani a line, its id first, then nitnem's words: `[{id, label}]`. */
function parseAvailable(text) {
    return String(text).split('\n').map(function (l) { return l.trim() }).filter(function (l) { return l !== '' })
        .map(function (l) {
            var id = l.split(/\s+/)[0];
            return {id: id, label: l};
        });
}

/** `nitnem status --format json`'s `paused.until`, or '' when not paused. */
function pausedUntil(text) {
    var root = parse(text, 'nitnem status --format json');
    return root && root.paused && typeof root.paused.until === 'string' ? root.paused.until : '';
}

/** The first line a successful run printed (`reminder.evening = 18:30  # …/config:21`). */
function reportLine(stdout) {
    var lines = String(stdout || '').split('\n').filter(function (l) { return l.trim() !== '' });
    return lines.length > 0 ? lines[0] : '';
}

// The commands, each an argv ('nitnem' first: logic.js's `command` runs it).
function configArgv() { return ['nitnem', 'config', '--format', 'json'] }
function setArgv(key, value) { return ['nitnem', 'config', 'set', key, value] }
function unsetArgv(key) { return ['nitnem', 'config', 'unset', key] }
function setsArgv() { return ['nitnem', 'sets', '--format', 'json'] }
function availableArgv() { return ['nitnem', 'sets', 'available'] }
function statusArgv() { return ['nitnem', 'status', '--format', 'json'] }
function pauseArgv(until) {
    return until ? ['nitnem', 'reminders', 'pause', '--until', until] : ['nitnem', 'reminders', 'pause'];
}
function resumeArgv() { return ['nitnem', 'reminders', 'resume'] }
function addArgv(id, set) { return ['nitnem', 'sets', 'add', id, '--to', set] }
function removeArgv(id, set) { return ['nitnem', 'sets', 'remove', id, '--from', set] }
function remindArgv(id, time) { return ['nitnem', 'sets', 'remind', id, time === '' ? 'off' : time] }
function resetArgv(set) { return ['nitnem', 'sets', 'reset', set] }

/** Moves the bani at `index` (0-based) of `banis` one place up (-1) or down (+1); null at an end. */
function moveArgv(set, banis, index, step) {
    var to = index + step;
    if (to < 0 || to >= banis.length)
        return null;
    return ['nitnem', 'sets', 'move', banis[index].id, '--to', set, '--at', String(to + 1)];
}
