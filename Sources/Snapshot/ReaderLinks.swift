// SPDX-License-Identifier: GPL-3.0-or-later
/// The facts for turning a deep link into a page a Linux user can open
/// (`shared/reference/reader-links.json`): the SikhiToTheMax web Sundar Gutka and the BaniDB id of
/// each registry key.
///
/// Built in: no file is read at run time.
package enum ReaderLinks {
    /// The default reader's name.
    package static let readerName = "SikhiToTheMax (web)"
    /// The default reader's page of a bani by BaniDB id (KhalisFoundation/sttm-web, route
    /// `/sundar-gutka/:currentBaaniId`).
    package static let baniTemplate = "https://www.sikhitothemax.org/sundar-gutka/{banidb}"
    /// The default reader's home: its list of banis.
    package static let home = "https://www.sikhitothemax.org/sundar-gutka"

    /// The BaniDB id of each registry key (KhalisFoundation/sundar-gutka-react's default bani list).
    package static let banidb: [String: Int] = [
        "japji": 2, "jaap": 4, "savaiye": 6, "chaupai": 9, "anand": 10, "rehras": 21, "aarti": 22,
        "kirtan_sohila": 23, "sukhmani": 31, "asa_di_vaar": 90,
        // The banis the embedded registry offers to add (shared/reference/more-banis.json, the same
        // list); Ramkali Sadu has none there.
        "salok_m9": 30, "raag_mala": 38, "laavan": 11, "anand_6": 1000, "sidh_gosht": 34, "bavan_akhri": 33,
        "baarah_maha": 27, "shabad_hazare": 3, "shabad_hazare_p10": 5, "akal_ustat": 29, "chandi_di_vaar": 13,
        "savaiye_deenan": 7, "ardaas": 24, "dukh_bhanjani": 36, "funhe_m5": 17, "chaubole": 18, "dakhni_oankar": 35,
    ]

    /// The BaniDB id of `key` (case-insensitive) in its default form; `nil` for an unknown key and
    /// for any named variant.
    /// - Important: BaniDB holds one form of each bani (one Rehras: a Taksal Rehras has no id of its
    ///   own there), so a link that asks for a variant never opens the default form in its place.
    package static func banidbID(key: String, variant: String?) -> Int? {
        guard variant?.isEmpty ?? true else { return nil }
        return banidb[key.lowercased()]
    }
}
