/// JSON pointers (RFC 6901): the place of a value inside a JSON document (`/stops/3/fence`),
/// for validation issues and ``SourceLocation``s.
public enum JSONPointer {
    /// `base` extended by one member name or array index, escaped as RFC 6901 requires.
    public static func appending(_ base: String, _ component: String) -> String {
        var escaped = ""
        for character in component {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return base + "/" + escaped
    }

    /// `base` extended by an array index.
    public static func appending(_ base: String, _ index: Int) -> String { base + "/\(index)" }
}
