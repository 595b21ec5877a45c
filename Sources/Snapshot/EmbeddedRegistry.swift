/// The standard daily Nitnem, built in: used when the App Group has no snapshot, so a person who
/// reads from a printed gutka gets the widget and reminders with nothing to set up.
///
/// Titles, sources and line counts are copied from `shared/reference/shabados-bani-ranges.json`
/// (ShabadOS bani ranges); no file is read at run time.
package enum EmbeddedRegistry {
    /// The embedded snapshot: ten default banis (no variants) and the four daily and popular sets.
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
