// Which syndication format a document is, decided from its root element and namespaces.
import NewsModel

enum FormatDetection {
    struct Detected {
        let format: FeedFormat
        /// Set when the format was guessed, e.g. an RSS version nobody defined.
        let warning: String?
    }

    static func detect(root: XMLElementStart) -> Detected? {
        let name = root.name
        if name.local == "rss", name.namespace.isEmpty || name.namespace == Namespace.userlandRSS2 {
            return rss(version: root.attribute("version"))
        }
        if name.local == "RDF", name.namespace == Namespace.rdf {
            let declared = root.declaredNamespaces
            if declared.contains(Namespace.rss10) { return Detected(format: .rss10, warning: nil) }
            if declared.contains(Namespace.rss090) { return Detected(format: .rss090, warning: nil) }
            return nil
        }
        if name.local == "feed" {
            if name.namespace == Namespace.atom10 { return Detected(format: .atom10, warning: nil) }
            if name.namespace == Namespace.atom03 { return Detected(format: .atom03, warning: nil) }
        }
        return nil
    }

    private static func rss(version: String?) -> Detected {
        let trimmed = Whitespace.trim(version ?? "")
        switch trimmed {
        case "0.91": return Detected(format: .rss091, warning: nil)
        case "0.92": return Detected(format: .rss092, warning: nil)
        case "0.93": return Detected(format: .rss093, warning: nil)
        case "0.94": return Detected(format: .rss094, warning: nil)
        case "", "2.0": return Detected(format: .rss20, warning: nil)
        default:
            if trimmed.hasPrefix("2.0.") { return Detected(format: .rss20, warning: nil) }
            return Detected(format: .rss20, warning: "unknown RSS version \"\(trimmed)\", read as RSS 2.0")
        }
    }
}
