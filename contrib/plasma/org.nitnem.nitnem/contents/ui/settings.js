// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the widget's settings pages (NitnemSettings.qml), shared unchanged by the Plasma 6
// and 5.27 variants: the nitnem commands each control runs (argv) and what nitnem prints for them to
// show (`config --format json`, `sets --format json`, `sets available --format json`). No rule and
// no sentence is here: the values a key takes, its default, what it does, which page shows it and
// every word on the pages (labels, buttons, the pause line) are nitnem's, in the user's language, and
// a refused value is shown in nitnem's own words. No Plasma or Qt imports: qmltestrunner tests it.
.pragma library

/** The daily sets, in the order nitnem lists them. */
var SETS = ['morning', 'evening', 'night'];

function parse(text, what) {
    try {
        return JSON.parse(text);
    } catch (e) {
        throw new Error(what + ' is not JSON (' + e.message + ')');
    }
}

function str(v, or) {
    return typeof v === 'string' ? v : (or === undefined ? '' : or);
}

/** The words of `object` named in `names`, each a string ('' when nitnem gave none). */
function pick(object, names) {
    var out = {};
    names.forEach(function (n) { out[n] = str(object && object[n]) });
    return out;
}

/**
 * `nitnem config --format json`, the keys the page `page` (reminders or reading) shows, in nitnem's
 * order: `{keys: [{name, label, reset, value, defaultText, source, choices[], form, help, accepted,
 * problem, choicesOnly}], words: {pages: {reminders, reading, sets}, pause: {title, state, until,
 * forms, button, resume}, default, report}}`.
 */
function parseConfig(text, page) {
    var root = parse(text, 'nitnem config --format json');
    if (!root || !Array.isArray(root.keys))
        throw new Error('nitnem config --format json: no keys (is nitnem older than this widget?)');
    if (!root.words || !root.words.pause)
        throw new Error('nitnem config --format json: no words (is nitnem older than this widget?)');
    var keys = root.keys.filter(function (k) { return k.page === page }).map(function (k) {
        var choices = Array.isArray(k.choices) ? k.choices.map(String) : [];
        var form = typeof k.form === 'string' ? k.form : null;
        return {name: String(k.key), label: str(k.label, String(k.key)), reset: str(k.reset),
            value: str(k.value), defaultText: str(k.defaultText), source: k.source === 'file' ? 'file' : 'default',
            choices: choices, form: form, help: str(k.help), accepted: str(k.accepted), problem: str(k.problem),
            choicesOnly: form === null && choices.length > 0};
    });
    var w = root.words;
    return {keys: keys, words: {pages: pick(w.pages, ['reminders', 'reading', 'sets']),
        pause: pick(w.pause, ['title', 'state', 'until', 'forms', 'button', 'resume']),
        default: str(w.default), report: str(w.report)}};
}

/**
 * `nitnem sets --format json`: `{sets: [{set, yours, title, heading, add, choose, reset, banis: [{id,
 * title, remind, labels: {remind, up, down, remove}}]}] in SETS order, words: {add, reset, remove,
 * up, down, off}}`.
 */
function parseSets(text) {
    var root = parse(text, 'nitnem sets --format json');
    var sets = SETS.map(function (set) {
        var s = root && root.sets && root.sets[set];
        if (!s || !Array.isArray(s.banis) || typeof s.heading !== 'string')
            throw new Error('nitnem sets --format json: no ' + set + ' set with its words');
        return {set: set, yours: s.yours === true, title: str(s.title, set), heading: s.heading, add: str(s.add),
            choose: str(s.choose), reset: str(s.reset), banis: s.banis.map(function (b) {
                var title = typeof b.title === 'string' ? b.title : String(b.id);
                var labels = pick(b.labels, ['remind', 'up', 'down', 'remove']);
                return {id: String(b.id), title: title, remind: str(b.remind), labels: labels};
            })};
    });
    return {sets: sets, words: pick(root.words, ['add', 'reset', 'remove', 'up', 'down', 'off'])};
}

/** `nitnem sets available --format json`: `[{id, title, sets[]}]`. */
function parseAvailable(text) {
    var root = parse(text, 'nitnem sets available --format json');
    if (!root || !Array.isArray(root.banis))
        throw new Error('nitnem sets available --format json: no banis');
    return root.banis.map(function (b) {
        return {id: String(b.id), title: str(b.title, String(b.id)), sets: Array.isArray(b.sets) ? b.sets.map(String) : []};
    });
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
function availableArgv() { return ['nitnem', 'sets', 'available', '--format', 'json'] }
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
