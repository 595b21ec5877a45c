// SPDX-License-Identifier: GPL-3.0-or-later
/// The standard daily Nitnem, built in: used when the App Group has no snapshot, so a person who
/// reads from a printed gutka gets the widget and reminders with nothing to set up.
///
/// Titles, sources and line counts are copied from `shared/reference/shabados-bani-ranges.json`
/// (ShabadOS bani ranges), and for the banis offered to add to your sets (`nitnem sets add`), from
/// `shared/reference/more-banis.json`: only those whose line count it gives (a count is never
/// guessed); no file is read at run time.
package enum EmbeddedRegistry {
    /// The embedded snapshot: eighteen default banis (no variants) — the ten of the daily and popular
    /// sets, then eight more in no set — and the four daily and popular sets.
    package static let snapshot = NitnemSnapshot(
        schema: 1, generatedAt: nil, banisAvailable: true,
        banis: [
            bani("japji", "Japji Sahib", "ਜਪੁ ਜੀ ਸਾਹਿਬ", "sggs", 385),
            bani("jaap", "Jaap Sahib", "ਜਾਪੁ ਸਾਹਿਬ", "dasam", 444),
            bani("savaiye", "Tav-Prasad Savaiye", "ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸਵੱਯੇ", "dasam", 41),
            bani("chaupai", "Benti Chaupai", "ਚੌਪਈ ਸਾਹਿਬ", "dasam", 53),
            bani("anand", "Anand Sahib", "ਅਨੰਦੁ ਸਾਹਿਬ", "sggs", 210),
            bani("rehras", "Rehras Sahib", "ਰਹਰਾਸਿ ਸਾਹਿਬ", "mixed", 460),
            bani("kirtan_sohila", "Kirtan Sohila", "ਸੋਹਿਲਾ ਸਾਹਿਬ", "sggs", 56),
            bani("sukhmani", "Sukhmani Sahib", "ਸੁਖਮਨੀ ਸਾਹਿਬ", "sggs", 2027),
            bani("asa_di_vaar", "Asa Di Vaar", "ਆਸਾ ਦੀ ਵਾਰ", "sggs", 725),
            bani("aarti", "Aarti", "ਆਰਤੀ", "mixed", 60),
            // From more-banis.json, in its order: first those it gives a line count, then those it
            // does not (null there, never guessed): nLines 0, as a snapshot says "no count" — no
            // resume fraction, and `mark` records the day only.
            bani("salok_m9", "Salok Mahalla 9", "ਸਲੋਕ ਮਹਲਾ ੯", "sggs", 117),
            bani("raag_mala", "Raag Mala", "ਰਾਗ ਮਾਲਾ", "sggs", 61),
            bani("laavan", "Laavan (Anand Karaj)", "ਲਾਵਾਂ", "sggs", 25),
            bani("anand_6", "Anand Sahib (6 pauris and salok)", "ਅਨੰਦੁ ਸਾਹਿਬ (੬ ਪਉੜੀਆਂ ਅਤੇ ਸਲੋਕੁ)", "sggs", 41),
            bani("sidh_gosht", "Sidh Gosht", "ਸਿਧ ਗੋਸਟਿ", "sggs", 406),
            bani("ramkali_sadu", "Ramkali Sadu", "ਰਾਮਕਲੀ ਸਦੁ", "sggs", 38),
            bani("bavan_akhri", "Bavan Akhri", "ਬਾਵਨ ਅਖਰੀ", "sggs", 689),
            bani("baarah_maha", "Baarah Maha (Majh)", "ਬਾਰਹ ਮਾਹਾ", "sggs", 129),
            bani("shabad_hazare", "Shabad Hazare", "ਸ਼ਬਦ ਹਜ਼ਾਰੇ", "sggs", 0),
            bani("shabad_hazare_p10", "Shabad Hazare Patshahi 10", "ਸ਼ਬਦ ਹਜ਼ਾਰੇ ਪਾਤਿਸ਼ਾਹੀ ੧੦", "dasam", 0),
            bani("akal_ustat", "Akal Ustat", "ਅਕਾਲ ਉਸਤਤ", "dasam", 0),
            bani("chandi_di_vaar", "Chandi Di Vaar", "ਚੰਡੀ ਦੀ ਵਾਰ", "dasam", 0),
            bani("savaiye_deenan", "Tav-Prasad Savaiye (Deenan Ki)", "ਤ੍ਵ ਪ੍ਰਸਾਦਿ ਸ੍ਵਯੇ (ਦੀਨਨ ਕੀ)", "dasam", 0),
            bani("ardaas", "Ardaas", "ਅਰਦਾਸ", "ardaas", 0),
            bani("dukh_bhanjani", "Dukh Bhanjani Sahib", "ਦੁਖ ਭੰਜਨੀ ਸਾਹਿਬ", "sggs", 0),
            bani("funhe_m5", "Funhe Mahalla 5", "ਫੁਨਹੇ ਮਹਲਾ ੫", "sggs", 0),
            bani("chaubole", "Chaubole", "ਚਉਬੋਲੇ", "sggs", 0),
            bani("dakhni_oankar", "Dakhni Oankar", "ਓਅੰਕਾਰੁ", "sggs", 0),
        ],
        sets: [
            "morning": ["japji", "jaap", "savaiye", "chaupai", "anand"],
            "evening": ["rehras"],
            "night": ["kirtan_sohila"],
            "popular": ["sukhmani", "asa_di_vaar", "aarti"],
        ],
        preferences: NitnemSnapshot.Preferences(), provenance: nil)

    private static func bani(
        _ key: String, _ titleEn: String, _ titleGurmukhi: String, _ source: String, _ nLines: Int
    ) -> NitnemSnapshot.Bani {
        NitnemSnapshot.Bani(
            id: key, key: key, variant: "", isDefault: true, titleEn: titleEn, titleGurmukhi: titleGurmukhi,
            source: source, nLines: nLines, firstAng: nil, underReview: false)
    }
}
