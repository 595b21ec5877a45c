// SPDX-License-Identifier: GPL-3.0-or-later
// nitnem's Preferences window (GNOME Shell 45 and later, libadwaita), opened from the Extensions app:
// Reminders, Reading and Your Nitnem (the daily sets and the practices). Every control runs a nitnem
// command as argv (Gio.Subprocess, never a shell) — `nitnem config set|unset`, `nitnem sets …`,
// `nitnem reminders pause|resume`, `nitnem practice start|stop|restart` — and shows what it reported,
// or its one-line error for a value it refused; then the page is read again from nitnem. The values
// each key takes, its default, what it does, which page shows it and every word here (titles,
// labels, buttons, the pause line) are nitnem's, in the user's language (`config --format json`,
// `sets --format json`, `sets available --format json`, `practice --format json`): nothing is
// decided or worded here (widget.js, the pure half, is the Plasma widget's too: gen-43.sh copies it
// here from contrib/shared). gen-43.sh makes the GNOME 43/44 prefs.js of the lines from BEGIN to END
// (libadwaita 1.2 has every widget they use).

import Adw from 'gi://Adw';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk';

import {ExtensionPreferences} from 'resource:///org/gnome/Shell/Extensions/js/extensions/prefs.js';

import * as Widget from './widget.js';

// BEGIN shared with GNOME 43/44: gen-43.sh copies these lines, unchanged, into the 43/44 prefs.js.
/** Runs `argv`; `done(ok, stdout, stderr, status)` when it has exited. */
function spawn(argv, done) {
    let proc;
    try {
        proc = Gio.Subprocess.new(argv, Gio.SubprocessFlags.STDOUT_PIPE | Gio.SubprocessFlags.STDERR_PIPE);
    } catch (e) {
        done(false, '', e.message, -1);
        return;
    }
    proc.communicate_utf8_async(null, null, (p, res) => {
        let stdout = '';
        let stderr = '';
        try {
            [, stdout, stderr] = p.communicate_utf8_finish(res);
        } catch (e) {
            done(false, '', e.message, -1);
            return;
        }
        done(p.get_successful(), stdout || '', stderr || '', p.get_exit_status());
    });
}

function button(icon, label, onClick) {
    const b = new Gtk.Button({icon_name: icon, tooltip_text: label, valign: Gtk.Align.CENTER});
    b.add_css_class('flat');
    b.update_property([Gtk.AccessibleProperty.LABEL], [label]);
    b.connect('clicked', onClick);
    return b;
}

class NitnemSettings {
    /** @param {Adw.PreferencesWindow} window - the window the Shell made, to fill */
    constructor(window) {
        this._window = window;
        this._program = Widget.programPath(name => GLib.find_program_in_path(name), GLib.get_home_dir(),
            path => GLib.file_test(path, GLib.FileTest.IS_EXECUTABLE) && !GLib.file_test(path, GLib.FileTest.IS_DIR));
        // Titled from nitnem's words once `config --format json` has been read.
        this._reminders = new Adw.PreferencesPage({icon_name: 'alarm-symbolic', name: 'reminders'});
        this._reading = new Adw.PreferencesPage({icon_name: 'accessories-dictionary-symbolic', name: 'reading'});
        this._mine = new Adw.PreferencesPage({icon_name: 'view-list-symbolic', name: 'sets'});
        for (const page of [this._reminders, this._reading, this._mine])
            window.add(page);
        this._groups = [];
        // What the last command reported (or its error), at the foot of every page.
        this._reports = new Map();
        this._said = {ok: true, text: ''};
        this._words = null;
        this.reload();
    }

    /** Shows what a command reported: its first line, or its error (marked as one). */
    _say(ok, text) {
        this._said = {ok, text};
        for (const label of this._reports.values())
            this._showSaid(label);
        this._window.add_toast(new Adw.Toast({title: GLib.markup_escape_text(text, -1), timeout: ok ? 3 : 8}));
    }

    /** Runs a command that changes something, says what it reported, then reads everything again. */
    _change(argv) {
        spawn(argv, (ok, stdout, stderr, status) => {
            this._say(ok, ok ? Widget.reportLine(stdout) || argv.slice(1).join(' ') : Widget.errorLine(stderr, status));
            this.reload();
        });
    }

    reload() {
        spawn(Widget.argv.config(this._program), (ok, stdout, stderr, status) => {
            if (!ok && stdout === '') {
                this._say(false, Widget.errorLine(stderr, status));
                return;
            }
            let config;
            try {
                config = Widget.parseConfig(stdout);
            } catch (e) {
                this._say(false, e.message);
                return;
            }
            this._words = config.words;
            this._showConfig(config);
            this._readSets();
        });
    }

    /** Your Nitnem, after the config (whose words the page's title and report line take). */
    _readSets() {
        spawn(Widget.argv.sets(this._program), (ok, stdout, stderr, status) => {
            if (!ok) {
                this._say(false, Widget.errorLine(stderr, status));
                return;
            }
            spawn(Widget.argv.available(this._program), (aok, aout, aerr, astatus) => {
                spawn(Widget.argv.practice(this._program), (pok, pout, perr, pstatus) => {
                    let practice = null;
                    try {
                        practice = pok ? Widget.parsePractice(pout, this._program) : null;
                    } catch (e) {
                        this._say(false, e.message);
                    }
                    try {
                        this._showSets(Widget.parseSets(stdout), aok ? Widget.parseAvailable(aout) : [], practice);
                        if (!aok)
                            this._say(false, Widget.errorLine(aerr, astatus));
                        else if (!pok)
                            this._say(false, Widget.errorLine(perr, pstatus));
                    } catch (e) {
                        this._say(false, e.message);
                    }
                });
            });
        });
    }

    /** Takes the groups made under `name` off `page`. @param {Adw.PreferencesPage} page - the page */
    _clear(page, name) {
        for (const g of this._groups.filter(x => x.name === name))
            page.remove(g.group);
        this._groups = this._groups.filter(x => x.name !== name);
    }

    /**
     * A new group at the foot of `page`, made under `name` (what _clear() takes off).
     *
     * @param {Adw.PreferencesPage} page - the page
     * @returns {Adw.PreferencesGroup}
     */
    _group(page, name, title, description = '') {
        const group = new Adw.PreferencesGroup({title: GLib.markup_escape_text(title, -1),
            description: GLib.markup_escape_text(description, -1)});
        page.add(group);
        this._groups.push({name, group});
        return group;
    }

    /** A row for `key`, titled with its label: its choices as a drop-down, or an entry for any other value; a reset button. */
    _keyRow(key) {
        const title = GLib.markup_escape_text(key.label, -1);
        const about = key.problem ? `⚠ ${key.problem}` : key.help;
        const reset = () => this._change(Widget.argv.unset(this._program, key.name));
        if (key.choicesOnly) {
            const row = new Adw.ComboRow({title, subtitle: GLib.markup_escape_text(about, -1),
                model: Gtk.StringList.new(key.choices)});
            const at = key.choices.indexOf(key.value ?? '');
            if (at >= 0)
                row.selected = at;
            row.connect('notify::selected', () => {
                const value = key.choices[row.selected];
                if (value !== undefined && value !== key.value)
                    this._change(Widget.argv.set(this._program, key.name, value));
            });
            row.add_suffix(button('edit-undo-symbolic', key.reset, reset));
            return row;
        }
        const row = new Adw.EntryRow({title, text: key.value ?? '', show_apply_button: true});
        row.set_tooltip_text(about);
        // The text field itself carries the label, so a screen reader (and the real-Shell test) finds it.
        row.get_delegate()?.update_property([Gtk.AccessibleProperty.LABEL], [key.label]);
        // The apply button or Enter after typing (libadwaita: apply); Enter on the value as it was
        // (entry-activated) sets it again.
        row.connect('apply', () => this._change(Widget.argv.set(this._program, key.name, row.text)));
        row.connect('entry-activated', () => this._change(Widget.argv.set(this._program, key.name, row.text)));
        row.add_suffix(button('edit-undo-symbolic', key.reset, reset));
        return row;
    }

    _showConfig(config) {
        const w = config.words;
        this._reminders.title = w.pages.reminders;
        this._reading.title = w.pages.reading;
        this._mine.title = w.pages.sets;
        this._clear(this._reminders, 'config');
        this._clear(this._reading, 'config');
        const reminders = this._group(this._reminders, 'config', w.pages.reminders, config.path);
        for (const key of Widget.pageKeys(config, 'reminders'))
            reminders.add(this._keyRow(key));
        const pause = this._group(this._reminders, 'config', w.pause.title, w.pause.state);
        const until = new Adw.EntryRow({title: GLib.markup_escape_text(w.pause.until, -1), show_apply_button: true});
        until.set_tooltip_text(w.pause.forms);
        until.get_delegate()?.update_property([Gtk.AccessibleProperty.LABEL], [w.pause.until]);
        until.get_delegate()?.update_property([Gtk.AccessibleProperty.DESCRIPTION], [w.pause.forms]);
        // The apply button or Enter after typing (apply); Enter on the text as it was (entry-activated:
        // empty, nitnem's own default pause), as for a key's row.
        until.connect('apply', () => this._change(Widget.argv.pause(this._program, until.text.trim())));
        until.connect('entry-activated', () => this._change(Widget.argv.pause(this._program, until.text.trim())));
        pause.add(until);
        const resume = new Adw.ActionRow({title: GLib.markup_escape_text(w.pause.resume, -1)});
        resume.add_suffix(button('media-playback-start-symbolic', w.pause.resume,
            () => this._change(Widget.argv.resume(this._program))));
        pause.add(resume);
        const reading = this._group(this._reading, 'config', w.pages.reading, config.path);
        for (const key of Widget.pageKeys(config, 'reading'))
            reading.add(this._keyRow(key));
        for (const page of [this._reminders, this._reading])
            this._reportGroup(page, 'config');
    }

    _showSaid(label) {
        label.label = this._said.text;
        if (this._said.ok)
            label.remove_css_class('error');
        else
            label.add_css_class('error');
    }

    /** The foot of `page`: a label with what the last command reported. */
    _reportGroup(page, name) {
        const group = this._group(page, name, '');
        const label = new Gtk.Label({wrap: true, xalign: 0, selectable: true, name: 'nitnem-report'});
        label.update_property([Gtk.AccessibleProperty.DESCRIPTION], [this._words?.report ?? '']);
        this._showSaid(label);
        this._reports.set(page, label);
        group.add(label);
    }

    _showSets({sets, words}, available, practice) {
        this._clear(this._mine, 'sets');
        for (const set of Widget.SETS) {
            const {banis, heading} = sets[set];
            const group = this._group(this._mine, 'sets', heading);
            banis.forEach((b, i) => {
                const row = new Adw.ActionRow({title: GLib.markup_escape_text(b.title, -1), subtitle: b.id});
                const time = new Gtk.Entry({text: b.remind ?? '', placeholder_text: words.off, max_width_chars: 5,
                    width_chars: 5, valign: Gtk.Align.CENTER, tooltip_text: b.labels.remind});
                time.update_property([Gtk.AccessibleProperty.LABEL], [b.labels.remind]);
                time.connect('activate', () => this._change(Widget.argv.remind(this._program, b.id, time.text.trim())));
                row.add_suffix(time);
                for (const [icon, label, step] of [['go-up-symbolic', b.labels.up, -1], ['go-down-symbolic', b.labels.down, 1]]) {
                    const move = Widget.argv.move(this._program, set, banis, i, step);
                    const bt = button(icon, label, () => move && this._change(move));
                    bt.sensitive = move !== null;
                    row.add_suffix(bt);
                }
                row.add_suffix(button('list-remove-symbolic', b.labels.remove,
                    () => this._change(Widget.argv.remove(this._program, b.id, set))));
                group.add(row);
            });
            const add = new Adw.ComboRow({title: GLib.markup_escape_text(sets[set].choose, -1),
                model: Gtk.StringList.new(available.map(a => a.title))});
            add.add_suffix(button('list-add-symbolic', sets[set].add, () => {
                const a = available[add.selected];
                if (a)
                    this._change(Widget.argv.add(this._program, a.id, set));
            }));
            group.add(add);
            const reset = new Adw.ActionRow({title: GLib.markup_escape_text(sets[set].reset, -1)});
            reset.add_suffix(button('edit-undo-symbolic', sets[set].reset,
                () => this._change(Widget.argv.reset(this._program, set))));
            group.add(reset);
        }
        if (practice)
            this._showPractice(practice);
        this._reportGroup(this._mine, 'sets');
    }

    /** The practice group: each practice's line with its Stop and Begin again; a bani and days to start one. */
    _showPractice({practices, words, start}) {
        const group = this._group(this._mine, 'sets', words.title);
        // The text as a child label: a button's own label names it for AT-SPI from GTK 4.10 on
        // (labelled-by wins over the label property), and each button needs nitnem's name (labels).
        const textButton = (label, name, argv) => {
            const b = new Gtk.Button({child: new Gtk.Label({label}), valign: Gtk.Align.CENTER});
            b.update_property([Gtk.AccessibleProperty.LABEL], [name]);
            b.connect('clicked', () => this._change(argv));
            return b;
        };
        for (const p of practices) {
            const row = new Adw.ActionRow({title: GLib.markup_escape_text(p.text, -1), subtitle: p.bani});
            if (p.stop)
                row.add_suffix(textButton(words.stop, p.labels.stop, p.stop));
            if (p.restart)
                row.add_suffix(textButton(words.restart, p.labels.restart, p.restart));
            group.add(row);
        }
        const choose = new Adw.ComboRow({title: GLib.markup_escape_text(words.choose, -1),
            model: Gtk.StringList.new(start.banis.map(b => b.title))});
        group.add(choose);
        const days = new Gtk.SpinButton({adjustment: new Gtk.Adjustment({lower: start.days.min,
            upper: start.days.max, step_increment: 1, page_increment: 10, value: start.days.default}),
        numeric: true, valign: Gtk.Align.CENTER});
        days.update_property([Gtk.AccessibleProperty.LABEL], [words.days]);
        const row = new Adw.ActionRow({title: GLib.markup_escape_text(words.days, -1)});
        row.add_suffix(days);
        const go = new Gtk.Button({label: words.start, valign: Gtk.Align.CENTER});
        go.add_css_class('suggested-action');
        go.update_property([Gtk.AccessibleProperty.LABEL], [words.start]);
        go.connect('clicked', () => {
            const b = start.banis[choose.selected];
            if (b) {
                days.update();
                this._change(Widget.argv.start(start, b.id, days.get_value_as_int()));
            }
        });
        row.add_suffix(go);
        group.add(row);
    }
}
// END shared with GNOME 43/44

export default class NitnemPreferences extends ExtensionPreferences {
    fillPreferencesWindow(window) {
        window._nitnem = new NitnemSettings(window);
    }
}
