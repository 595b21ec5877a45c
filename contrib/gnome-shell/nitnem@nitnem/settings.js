// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the Preferences window (prefs.js): the nitnem commands each control runs (argv,
// never a shell) and what nitnem prints for it to show (`config --format json`, `sets --format
// json`, `sets available --format json`). No rule and no sentence is here: the values a key takes,
// its default, what it does, which page shows it and every word on the pages (titles, labels,
// buttons, the pause line) come from nitnem, in the user's language; a value nitnem refuses is shown
// in nitnem's own words (its one-line error). No Gtk: plain gjs tests it.

/** What a nitnem run printed that is not what this window expects, in one line. */
export class SettingsError extends Error {
    constructor(message) {
        super(message);
        this.name = 'SettingsError';
    }
}

function fail(what) {
    throw new SettingsError(what);
}

function parse(text, what) {
    try {
        return JSON.parse(text);
    } catch (e) {
        return fail(`${what} is not JSON (${e.message})`);
    }
}

const str = (v, or = '') => typeof v === 'string' ? v : or;

/** The daily sets, in the order nitnem lists them. */
export const SETS = ['morning', 'evening', 'night'];

/**
 * `nitnem config --format json`, checked: `{path, keys: {name: {name, value, defaultText, source,
 * line, choices[], form, help, accepted, problem, page, label, reset}}, order: [name…], paused,
 * words: {pages: {reminders, reading, sets}, pause: {title, state, until, forms, button, resume},
 * default, report}}`; `paused` the RFC 3339 instant reminders come back, or null.
 */
export function parseConfig(text) {
    const root = parse(text, 'nitnem config --format json');
    if (!root || !Array.isArray(root.keys))
        fail('nitnem config --format json: no keys (is nitnem older than this extension?)');
    const w = root.words;
    if (!w || !w.pages || !w.pause)
        fail('nitnem config --format json: no words (is nitnem older than this extension?)');
    const keys = {};
    const order = [];
    for (const k of root.keys) {
        if (typeof k.key !== 'string' || !Array.isArray(k.choices) || typeof k.label !== 'string')
            fail('nitnem config --format json: a key without its name, choices or label');
        order.push(k.key);
        keys[k.key] = {
            name: k.key, value: typeof k.value === 'string' ? k.value : null,
            defaultText: String(k.defaultText ?? ''), source: k.source === 'file' ? 'file' : 'default',
            line: Number.isInteger(k.line) ? k.line : null, choices: k.choices.map(String),
            form: typeof k.form === 'string' ? k.form : null, help: str(k.help),
            accepted: str(k.accepted), problem: typeof k.problem === 'string' ? k.problem : null,
            page: str(k.page), label: k.label, reset: str(k.reset, k.label),
        };
    }
    const words = {
        pages: {reminders: str(w.pages.reminders), reading: str(w.pages.reading), sets: str(w.pages.sets)},
        pause: Object.fromEntries(['title', 'state', 'until', 'forms', 'button', 'resume']
            .map(n => [n, str(w.pause[n])])),
        default: str(w.default), report: str(w.report),
    };
    const paused = root.paused && typeof root.paused.until === 'string' ? root.paused.until : null;
    return {path: str(root.path), keys, order, paused, words};
}

/** The keys `page` (`reminders` or `reading`) shows, in nitnem's order. */
export function pageKeys(config, page) {
    return config.order.map(n => config.keys[n]).filter(k => k.page === page);
}

/**
 * `nitnem sets --format json`, checked: `{sets: {morning: {yours, title, heading, add, choose, reset,
 * banis: [{id, title, remind, labels: {remind, up, down, remove}}]}, …}, words: {add, reset, remove,
 * up, down, off}}`.
 */
export function parseSets(text) {
    const root = parse(text, 'nitnem sets --format json');
    const sets = {};
    for (const set of SETS) {
        const s = root && root.sets && root.sets[set];
        if (!s || !Array.isArray(s.banis) || typeof s.heading !== 'string')
            fail(`nitnem sets --format json: no ${set} set with its words`);
        sets[set] = {
            yours: s.yours === true, title: str(s.title, set), heading: s.heading, add: str(s.add),
            choose: str(s.choose), reset: str(s.reset),
            banis: s.banis.map(b => {
                const title = typeof b.title === 'string' ? b.title : String(b.id);
                const l = b.labels || {};
                return {id: String(b.id), title, remind: typeof b.remind === 'string' ? b.remind : null,
                    labels: {remind: str(l.remind, title), up: str(l.up, title), down: str(l.down, title),
                        remove: str(l.remove, title)}};
            }),
        };
    }
    const w = (root && root.words) || {};
    const words = Object.fromEntries(['add', 'reset', 'remove', 'up', 'down', 'off'].map(n => [n, str(w[n])]));
    return {sets, words};
}

/** `nitnem sets available --format json`, checked: `[{id, title, sets[]}]`. */
export function parseAvailable(text) {
    const root = parse(text, 'nitnem sets available --format json');
    if (!root || !Array.isArray(root.banis))
        fail('nitnem sets available --format json: no banis');
    return root.banis.map(b => ({id: String(b.id), title: str(b.title, String(b.id)),
        sets: Array.isArray(b.sets) ? b.sets.map(String) : []}));
}

/** The first line of what a failed nitnem run said (its one-line error), without `nitnem: `. */
export function errorLine(stderr, status) {
    const first = String(stderr ?? '').split('\n').find(l => l.trim() !== '');
    return first ? first.replace(/^nitnem: /, '') : `nitnem exited with status ${status}`;
}

/** What a successful run reported, its first line (`reminder.evening = 18:30  # …/config:21`). */
export function reportLine(stdout) {
    return String(stdout ?? '').split('\n').find(l => l.trim() !== '') ?? '';
}

// The commands, each an argv for Gio.Subprocess, `program` first.
export const argv = {
    config: program => [program, 'config', '--format', 'json'],
    set: (program, key, value) => [program, 'config', 'set', key, value],
    unset: (program, key) => [program, 'config', 'unset', key],
    sets: program => [program, 'sets', '--format', 'json'],
    available: program => [program, 'sets', 'available', '--format', 'json'],
    pause: (program, until) => until ? [program, 'reminders', 'pause', '--until', until]
        : [program, 'reminders', 'pause'],
    resume: program => [program, 'reminders', 'resume'],
    add: (program, id, set) => [program, 'sets', 'add', id, '--to', set],
    remove: (program, id, set) => [program, 'sets', 'remove', id, '--from', set],
    /** Moves the bani at `index` (0-based) of `set` one place up (-1) or down (+1); null at an end. */
    move: (program, set, banis, index, step) => {
        const to = index + step;
        if (to < 0 || to >= banis.length)
            return null;
        return [program, 'sets', 'move', banis[index].id, '--to', set, '--at', String(to + 1)];
    },
    remind: (program, id, time) => [program, 'sets', 'remind', id, time === '' ? 'off' : time],
    reset: (program, set) => [program, 'sets', 'reset', set],
};
