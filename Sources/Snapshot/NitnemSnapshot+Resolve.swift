extension NitnemSnapshot {
    /// The bani `name` names: what `lookup` finds (a key, an id or an English title, any case), else
    /// the bani whose Gurmukhi title is `name` (as `nitnem status` prints it; compared as Unicode
    /// text, so a decomposed spelling matches a composed one). Spaces around `name` are ignored, and
    /// several variants with that Gurmukhi title give the preferred one, as a key does.
    public func resolve(_ name: String) -> Bani? {
        let trimmed = name.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if let bani = lookup(trimmed) { return bani }
        let matches = banis.filter { $0.titleGurmukhi.map { $0.trimmingSpaces == trimmed } ?? false }
        guard let first = matches.first else { return nil }
        // All of one key (Rehras' variants share a title): the key's preferred variant.
        if matches.allSatisfy({ $0.key == first.key }), let preferred = lookup(first.key),
            matches.contains(preferred)
        {
            return preferred
        }
        return matches.first(where: \.isDefault) ?? first
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
