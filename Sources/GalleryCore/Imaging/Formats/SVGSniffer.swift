/// Finds an `<svg` root element behind whatever may legally precede it: a BOM, white space,
/// the XML declaration, processing instructions, comments and a DOCTYPE. An XML prolog alone
/// is not enough (RSS and XHTML have one too).
enum SVGSniffer {
    /// What the bytes show: an `<svg` root, something else, or a prolog that goes on past them.
    enum Finding: Equatable {
        case svg
        case notSVG
        /// The bytes ended in the prolog; `doctypeNamesSVG` when a DOCTYPE named svg.
        case ranOut(doctypeNamesSVG: Bool)
    }

    /// True for an `<svg` root, or bytes that end in a prolog whose DOCTYPE names svg.
    static func isSVG(_ bytes: [UInt8]) -> Bool {
        switch finding(bytes) {
        case .svg: true
        case .notSVG: false
        case .ranOut(let doctypeNamesSVG): doctypeNamesSVG
        }
    }

    static func finding(_ bytes: [UInt8]) -> Finding {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var doctypeNamesSVG = false
        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .ranOut(doctypeNamesSVG: doctypeNamesSVG) }
            let rest = bytes[index...]
            if rest.starts(with: Array("<svg".utf8)) || rest.starts(with: Array("<svg:svg".utf8)) {
                let after = index + 4 < bytes.count ? bytes[index + 4] : 0x20
                let ends = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: ":")].contains(after)
                return ends ? .svg : .notSVG
            }
            // A construct cut by the end of the bytes ("<!DOC", "<?x") cannot be told yet.
            if rest.count < 9, Array("<!DOCTYPE".utf8).starts(with: rest) || Array("<?".utf8).starts(with: rest)
                || Array("<!--".utf8).starts(with: rest) {
                return .ranOut(doctypeNamesSVG: doctypeNamesSVG)
            }
            let skipped: Int?
            if rest.starts(with: Array("<?".utf8)) {
                skipped = find(Array("?>".utf8), in: bytes, from: index + 2)
            } else if rest.starts(with: Array("<!--".utf8)) {
                skipped = find(Array("-->".utf8), in: bytes, from: index + 4)
            } else if rest.starts(with: Array("<!DOCTYPE".utf8)) {
                let end = doctypeEnd(bytes, from: index)
                let doctype = bytes[index..<(end ?? bytes.count)]
                doctypeNamesSVG = doctype.starts(with: Array("<!DOCTYPE svg".utf8))
                skipped = end
            } else {
                return .notSVG
            }
            // Ran out of bytes inside a prolog construct.
            guard let skipped else { return .ranOut(doctypeNamesSVG: doctypeNamesSVG) }
            index = skipped
        }
    }

    /// Index just past `needle`, searching from `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index + needle.count }
            index += 1
        }
        return nil
    }

    /// A DOCTYPE may hold an internal subset in brackets that contains `>` characters.
    private static func doctypeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return index + 1
            default: break
            }
            index += 1
        }
        return nil
    }
}
