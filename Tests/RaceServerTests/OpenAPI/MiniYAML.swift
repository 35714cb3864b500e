import RaceKitCore

/// The subset of YAML that docs/openapi.yaml is written in, read into a `JSONValue`: block
/// mappings and sequences by indentation, one-line flow collections (`{a: b}`, `[x, y]`),
/// plain, single- and double-quoted scalars, `|`/`>` block scalars, and anchors with aliases
/// (`&name`, `*name`). Enough to hold the server to its document without a YAML dependency;
/// anything outside the subset is an error naming the line.
struct MiniYAML {
    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "docs/openapi.yaml line \(line): \(message)" }
    }

    private struct Line {
        var number: Int
        var indent: Int
        var text: Substring
    }

    private var lines: [Line] = []
    private var position = 0
    private var anchors: [String: JSONValue] = [:]

    /// The document in `text`.
    static func parse(_ text: String) throws -> JSONValue {
        var parser = MiniYAML()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = raw.prefix { $0 == " " }.count
            let content = raw.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            parser.lines.append(Line(number: index + 1, indent: indent, text: content))
        }
        guard !parser.lines.isEmpty else { return .null }
        return try parser.block(indent: parser.lines[0].indent)
    }

    private mutating func block(indent: Int) throws -> JSONValue {
        isSequenceItem(lines[position].text) ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    private func isSequenceItem(_ text: Substring) -> Bool { text == "-" || text.hasPrefix("- ") }

    private mutating func mapping(indent: Int) throws -> JSONValue {
        var members: [JSONMember] = []
        while position < lines.count, lines[position].indent == indent, !isSequenceItem(lines[position].text) {
            let line = lines[position]
            guard let (key, rest) = Self.splitKey(line.text) else {
                throw Failure(line: line.number, message: "expected `key: value`")
            }
            position += 1
            members.append(JSONMember(key, try value(after: rest, indent: indent, line: line.number)))
        }
        return .object(members)
    }

    private mutating func sequence(indent: Int) throws -> JSONValue {
        var items: [JSONValue] = []
        while position < lines.count, lines[position].indent == indent, isSequenceItem(lines[position].text) {
            let line = lines[position]
            let item = line.text.dropFirst(1).drop { $0 == " " }
            if item.isEmpty {
                position += 1
                items.append(try nested(deeperThan: indent))
            } else if !"{[\"'&*".contains(item.first!), Self.splitKey(item) != nil {
                // `- key: value` opens a mapping whose keys line up with `key`.
                lines[position] = Line(number: line.number, indent: indent + line.text.count - item.count, text: item)
                items.append(try mapping(indent: lines[position].indent))
            } else {
                position += 1
                var flow = Flow(text: item, line: line.number)
                items.append(try flow.value(block: true))
            }
        }
        return .array(items)
    }

    /// The value after `key:` on a line at `indent`: inline, or the block below it.
    private mutating func value(after rest: Substring, indent: Int, line: Int) throws -> JSONValue {
        var rest = rest
        var anchor: String?
        if rest.hasPrefix("&") {
            let name = rest.dropFirst().prefix { $0 != " " }
            anchor = String(name)
            rest = rest.dropFirst(name.count + 1).drop { $0 == " " }
        }
        let result: JSONValue
        if rest.isEmpty {
            // The block below: deeper, or a sequence at the same indentation.
            if position < lines.count, lines[position].indent == indent, isSequenceItem(lines[position].text) {
                result = try sequence(indent: indent)
            } else {
                result = try nested(deeperThan: indent)
            }
        } else if rest.hasPrefix("*") {
            guard let value = anchors[String(rest.dropFirst())] else {
                throw Failure(line: line, message: "unknown alias \(rest)")
            }
            result = value
        } else if rest.first == "|" || rest.first == ">" {
            var text: [Substring] = []
            while position < lines.count, lines[position].indent > indent {
                text.append(lines[position].text)
                position += 1
            }
            result = .string(text.joined(separator: rest.first == "|" ? "\n" : " "))
        } else {
            var flow = Flow(text: rest, line: line)
            result = try flow.value(block: true)
        }
        if let anchor { anchors[anchor] = result }
        return result
    }

    private mutating func nested(deeperThan indent: Int) throws -> JSONValue {
        guard position < lines.count, lines[position].indent > indent else { return .null }
        return try block(indent: lines[position].indent)
    }

    /// `key: rest` or `key:` (a plain or quoted key), else nil.
    private static func splitKey(_ text: Substring) -> (String, Substring)? {
        if let quote = text.first, quote == "\"" || quote == "'" {
            guard let end = text.dropFirst().firstIndex(of: quote) else { return nil }
            let after = text[text.index(after: end)...]
            guard after.hasPrefix(":") else { return nil }
            return (String(text[text.index(after: text.startIndex)..<end]), after.dropFirst().drop { $0 == " " })
        }
        guard let colon = text.firstIndex(where: { $0 == ":" }) else { return nil }
        let after = text[text.index(after: colon)...]
        guard after.isEmpty || after.hasPrefix(" ") else { return nil }
        return (String(text[..<colon]), after.drop { $0 == " " })
    }

    /// A one-line flow value or scalar.
    private struct Flow {
        var text: Substring
        var line: Int

        mutating func value(block: Bool) throws -> JSONValue {
            skipSpaces()
            guard let first = text.first else { return .null }
            switch first {
            case "{":
                text = text.dropFirst()
                var members: [JSONMember] = []
                while true {
                    skipSpaces()
                    if text.first == "}" { text = text.dropFirst(); break }
                    let key = try scalarText(stoppingAt: ":")
                    guard text.first == ":" else {
                        throw Failure(line: line, message: "expected `:` in a flow mapping")
                    }
                    text = text.dropFirst()
                    members.append(JSONMember(key, try value(block: false)))
                    skipSpaces()
                    if text.first == "," { text = text.dropFirst() }
                }
                return .object(members)
            case "[":
                text = text.dropFirst()
                var items: [JSONValue] = []
                while true {
                    skipSpaces()
                    if text.first == "]" { text = text.dropFirst(); break }
                    items.append(try value(block: false))
                    skipSpaces()
                    if text.first == "," { text = text.dropFirst() }
                }
                return .array(items)
            case "\"", "'":
                return .string(try quoted())
            default:
                let plain =
                    block ? String(text).trimmingCharactersInSpaces() : try scalarText(stoppingAt: ",}]")
                if block { text = "" }
                return Self.typed(plain)
            }
        }

        private mutating func skipSpaces() { text = text.drop { $0 == " " } }

        /// A quoted scalar, or a plain one up to (not including) one of `stops`.
        private mutating func scalarText(stoppingAt stops: String) throws -> String {
            skipSpaces()
            if text.first == "\"" || text.first == "'" { return try quoted() }
            var plain = ""
            while let c = text.first {
                // In flow context `:` ends a key only when a space or the end follows.
                if stops.contains(c), c != ":" || text.dropFirst().first.map({ $0 == " " }) ?? true { break }
                plain.append(c)
                text = text.dropFirst()
            }
            return plain.trimmingCharactersInSpaces()
        }

        private mutating func quoted() throws -> String {
            let quote = text.first!
            text = text.dropFirst()
            var out = ""
            while let c = text.first {
                text = text.dropFirst()
                if c == quote {
                    if quote == "'", text.first == "'" {
                        out.append("'")
                        text = text.dropFirst()
                        continue
                    }
                    return out
                }
                if quote == "\"", c == "\\", let escaped = text.first {
                    text = text.dropFirst()
                    switch escaped {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    default: out.append(escaped)
                    }
                } else {
                    out.append(c)
                }
            }
            throw Failure(line: line, message: "unterminated quoted scalar")
        }

        static func typed(_ plain: String) -> JSONValue {
            switch plain {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null", "~", "": return .null
            default:
                if let number = Double(plain), plain.first.map({ $0.isNumber || $0 == "-" }) == true {
                    return .number(number)
                }
                return .string(plain)
            }
        }
    }
}

extension String {
    fileprivate func trimmingCharactersInSpaces() -> String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
