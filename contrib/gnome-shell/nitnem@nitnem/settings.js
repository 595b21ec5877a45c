// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the Preferences window (prefs.js): the nitnem commands each control runs (argv,
// never a shell) and what nitnem prints for it to show (`config --format json`, `sets --format
// json`, `sets available`, `status --format json`'s pause). No rule is here: the values a key
// takes, its default and what it does come from `nitnem config --format json`, and a value nitnem
// refuses is shown in nitnem's own words (its one-line error). No Gtk: plain gjs tests it.

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

/** The keys the Reminders page shows, in order, then the Reading page's: layout only. */
export const REMINDER_KEYS = ['reminders', 'reminder.amritVela', 'reminder.evening', 'reminder.night', 'snooze',
    'sound', 'remind-when-done', 'click'];
export const READING_KEYS = ['titles', 'reader', 'open', 'listen', 'rehras'];

/** The daily sets, in the order nitnem lists them. */
export const SETS = ['morning', 'evening', 'night'];

/**
 * `nitnem config --format json`, checked: `{path, keys: {name: {value, default, defaultText, source,
 * line, choices[], form, help, accepted, problem}}}`.
 */
export function parseConfig(text) {
    const root = parse(text, 'nitnem config --format json');
    if (!root || !Array.isArray(root.keys))
        fail('nitnem config --format json: no keys (is nitnem older than this extension?)');
    const keys = {};
    for (const k of root.keys) {
        if (typeof k.key !== 'string' || !Array.isArray(k.choices))
            fail('nitnem config --format json: a key without its name or choices');
        keys[k.key] = {
            name: k.key, value: typeof k.value === 'string' ? k.value : null,
            defaultText: String(k.defaultText ?? ''), source: k.source === 'file' ? 'file' : 'default',
            line: Number.isInteger(k.line) ? k.line : null, choices: k.choices.map(String),
            form: typeof k.form === 'string' ? k.form : null, help: String(k.help ?? ''),
            accepted: String(k.accepted ?? ''), problem: typeof k.problem === 'string' ? k.problem : null,
        };
    }
    return {path: String(root.path ?? ''), keys};
}

/** `nitnem sets --format json`, checked: `{morning: {yours, banis: [{id, title, remind}]}, …}`. */
export function parseSets(text) {
    const root = parse(text, 'nitnem sets --format json');
    const out = {};
    for (const set of SETS) {
        const s = root && root.sets && root.sets[set];
        if (!s || !Array.isArray(s.banis))
            fail(`nitnem sets --format json: no ${set} set`);
        out[set] = {
            yours: s.yours === true,
            banis: s.banis.map(b => ({id: String(b.id), title: typeof b.title === 'string' ? b.title : String(b.id),
                remind: typeof b.remind === 'string' ? b.remind : null})),
        };
    }
    return out;
}

/**
 * `nitnem sets available`: one bani a line, its id first, then nitnem's words for it (titles,
 * source, the sets it is in): `[{id, label}]`.
 */
export function parseAvailable(text) {
    return text.split('\n').map(l => l.trim()).filter(l => l !== '').map(l => {
        const [id] = l.split(/\s+/, 1);
        return {id, label: l.slice(id.length).trim()};
    });
}

/** `nitnem status --format json`'s pause: its `paused.until` (RFC 3339), or null when not paused. */
export function pausedUntil(text) {
    const root = parse(text, 'nitnem status --format json');
    return root && root.paused && typeof root.paused.until === 'string' ? root.paused.until : null;
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
    available: program => [program, 'sets', 'available'],
    status: program => [program, 'status', '--format', 'json'],
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
