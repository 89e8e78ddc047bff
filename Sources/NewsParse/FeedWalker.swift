// Walks the element stream of an RSS, RDF or Atom document and fills channel and item
// fields through the field table. Keeps only the open-element path, never the tree.
import NewsModel

struct FeedWalker {
    enum Outcome {
        case feed(Feed)
        /// The root element was read and is not a feed; its name as written.
        case notAFeed(rootElement: String)
        /// No element was read at all.
        case noRoot
    }

    private struct OpenElement {
        /// Unowned: the reader's NameCache keeps every kind alive for the parse, and the walker
        /// reads its open elements only in callbacks of that parse. A strong reference cost a
        /// retain on every start and a release on every end.
        unowned(unsafe) let kind: ElementKind
        var scope: Scope?
        /// Whether the element matched a rule, so that its children may match nested rules.
        var matchedRule = false
    }

    private let documentURL: String?
    private var stack: [OpenElement] = []
    /// The xml:base values in effect, innermost last, each with the depth of the element
    /// that set it: the elements without one, nearly all, keep no String of their own (a
    /// retain and a release per element).
    private var bases: [(base: String, depth: Int)] = []

    /// The xml:base in effect for the element last started: asked for only where a link is
    /// resolved, since handing it to every element cost a retain and a release each.
    private var base: String? { bases.last?.base ?? documentURL }
    private var scopes: [(scope: Scope, depth: Int)] = []
    private var format: FeedFormat?
    private(set) var rejectedRoot: String?
    private var channel = FieldCollector()
    /// The open item's fields; only meaningful while `inItem`. Not an optional, so that
    /// every offer changes it in place instead of copying it out and back.
    private var item = FieldCollector()
    private var inItem = false
    private var articles: [Article] = []
    private var capture: FieldCapture?
    /// The last finished capture, restarted for the next field (its buffer keeps its storage).
    private var spareCapture: FieldCapture?
    /// The last field element copied with attributes, whose attributes the next one may share.
    private var lastCopiedWithAttributes: XMLElementStart?
    private var ignoredDepth: Int?
    private var warnings: [String] = []
    /// How many warnings there were when the first item opened: a reader that starts again
    /// from the document's head to read its second half drops those (the first half has them).
    private var warningsBeforeFirstItem: Int?
    /// What is known of the text libxml2 hands over: read by it until it reports anything
    /// (SAXFeedReader sets this then), after which it may pass bytes on unchecked.
    var textProvenance = TextProvenance.readByLibxml2

    init(documentURL: String?) {
        self.documentURL = documentURL
    }

    var outcome: Outcome {
        if let rejectedRoot { return .notAFeed(rootElement: rejectedRoot) }
        guard let format else { return .noRoot }
        var feed = Feed(
            format: format, title: channel.text(.title), link: channel.text(.link),
            subtitle: channel.text(.subtitle), language: channel.text(.language),
            updated: channel.date(.updated), author: channel.text(.author), image: channel.text(.image),
            articles: articles, warnings: warnings)
        feed.updateInterval = UpdateInterval.seconds(
            period: channel.text(.updatePeriod), frequency: channel.text(.updateFrequency), ttl: channel.text(.ttl))
        return .feed(feed)
    }

    /// How many elements are open.
    var depth: Int { stack.count }

    /// The root element as written, while it is open: after the last byte, only in a
    /// document cut short.
    var openRootName: String? { stack.first.map { $0.kind.qualifiedName } }

    /// Whether `kind`, starting now, would open an item scope.
    func opensItem(_ kind: ElementKind) -> Bool {
        guard stack.count > 0, ignoredDepth == nil, capture == nil else { return false }
        return FeedWalker.newScope(kind.scopeName, depth: stack.count, format: format, innermost: scopes.last?.scope) == .item
    }

    /// Whether character data matters right now: only inside a field being read.
    var isCapturing: Bool { capture != nil }

    mutating func appendText(_ characters: UnsafeBufferPointer<UInt8>) {
        capture?.append(characters)
    }

    /// What a walker that read the document's head and then its second half adds to the
    /// walker of the first half: the channel as the head and the second half left it, the
    /// items from the split on, and the warnings of those items.
    struct SecondHalf: Sendable {
        let channel: FieldCollector
        let articles: [Article]
        let warnings: [String]
    }

    /// The articles finished so far, in order.
    var articlesRead: [Article] { articles }

    var secondHalf: SecondHalf {
        SecondHalf(channel: channel, articles: articles, warnings: Array(warnings.dropFirst(warningsBeforeFirstItem ?? 0)))
    }

    /// Joins the second half on: the result is what one walker reading the whole document
    /// would hold (channel fields offered in the second half win only by a better priority,
    /// as they came later).
    mutating func join(_ half: SecondHalf) {
        channel.join(half.channel)
        articles += half.articles
        warnings += half.warnings
    }

    // MARK: Element starts

    mutating func handleStart(_ element: ElementStartInPlace) {
        let depth = stack.count
        // Asked only of elements with attributes: the namespace String passed costs a
        // retain and a release.
        if element.hasAttributes,
           let ownBase = element.attribute("base", namespace: Namespace.xml).flatMap({ LinkResolver.resolve($0, against: base) }) {
            bases.append((ownBase, depth))
        }
        var open = OpenElement(kind: element.kind)
        defer { stack.append(open) }

        if depth == 0 {
            open.scope = startDocument(element)
            return
        }
        if ignoredDepth != nil { return }
        if let capture {
            capture.open(element.copied, depth: depth)
            return
        }
        if let scope = FeedWalker.newScope(element.kind.scopeName, depth: depth, format: format, innermost: scopes.last?.scope) {
            open.scope = scope
            startScope(scope, element: element, depth: depth)
            return
        }
        guard let current = scopes.last, element.kind.hasRules,
              // A direct child, nearly always: the open element above is not even read.
              let position = depth - current.depth == 1
                ? RulePosition(parent: nil) : FeedWalker.rulePosition(depth: depth, scopeDepth: current.depth, parent: stack.last),
              let rule = element.kind.rule(scope: current.scope, parent: position.parent)
        else { return }

        open.matchedRule = true
        apply(rule, scope: current.scope, element: element, depth: depth)
    }

    /// The root decides the format; an Atom root is also the channel.
    private mutating func startDocument(_ start: ElementStartInPlace) -> Scope? {
        let root = start.copied
        guard let detected = FormatDetection.detect(root: root) else {
            rejectedRoot = root.qualifiedName
            return nil
        }
        format = detected.format
        if let warning = detected.warning { warnings.append(warning) }
        if let language = root.attribute("lang", namespace: Namespace.xml) {
            channel.offer(Whitespace.trim(language), for: .language, priority: FieldTable.xmlLangPriority)
        }
        guard detected.format == .atom10 || detected.format == .atom03 else { return nil }
        scopes.append((.channel, 0))
        return .channel
    }

    /// RSS: `rss/channel`, `rss/channel/item` (and `rss/item` of 0.9x); RDF: channel, item and
    /// image are all children of the root; Atom: `feed/entry`.
    /// Static, given what it reads: as a method of the walker, each call copied the whole
    /// walker (241 bytes) onto the stack first.
    private static func newScope(_ name: ElementKind.ScopeName?, depth: Int, format: FeedFormat?, innermost: Scope?) -> Scope? {
        guard let name, let format else { return nil }
        switch format {
        case .atom10, .atom03:
            if name == .atomSource { return innermost == .item && depth == 2 ? .atomSource : nil }
            return name == .atomEntry && depth == 1 ? .item : nil
        case .rss10, .rss090:
            guard depth == 1 else { return nil }
            switch name {
            case .rssChannel: return .channel
            case .rssItem: return .item
            case .rssImage: return .rdfImage
            case .atomEntry, .atomSource: return nil
            }
        default:
            if name == .rssChannel, depth == 1 { return .channel }
            let inChannel = innermost == .channel && depth == 2
            return name == .rssItem && (inChannel || depth == 1) ? .item : nil
        }
    }

    private mutating func startScope(_ scope: Scope, element: ElementStartInPlace, depth: Int) {
        scopes.append((scope, depth))
        if scope == .channel, let language = element.attribute("lang", namespace: Namespace.xml) {
            channel.offer(Whitespace.trim(language), for: .language, priority: FieldTable.xmlLangPriority)
        }
        guard scope == .item else { return }
        if warningsBeforeFirstItem == nil { warningsBeforeFirstItem = warnings.count }
        item.reset()
        if let about = element.attribute("about", namespace: Namespace.rdf) {
            item.offer(Whitespace.trim(about), for: .id, priority: FieldTable.rdfAboutPriority)
        }
        inItem = true
    }

    /// Rules match direct children of the scope element, and children of an element that
    /// matched a rule itself (`author/name`, `media:group/media:content`); anything else
    /// belongs to something the table does not read.
    private struct RulePosition {
        /// nil for a direct child of the scope element.
        let parent: Term?
    }

    /// `parent`: the innermost open element. Static for the same reason as newScope.
    private static func rulePosition(depth: Int, scopeDepth: Int, parent: OpenElement?) -> RulePosition? {
        if depth - scopeDepth == 1 { return RulePosition(parent: nil) }
        guard depth - scopeDepth > 1, let parent, parent.matchedRule else { return nil }
        return RulePosition(parent: parent.kind.term)
    }

    private mutating func apply(_ rule: FieldRule, scope: Scope, element: ElementStartInPlace, depth: Int) {
        switch rule.reading {
        case .container:
            break
        case .ignoredSubtree:
            ignoredDepth = depth
        case .atomLink:
            readAtomLink(element, rule: rule, scope: scope)
        case .atomCategory:
            let term = Whitespace.collapse(element.attribute("term") ?? "")
            update(scope) { $0.addCategory(term) }
        case .rssEnclosure, .mediaContent:
            guard let url = element.attribute("url").flatMap({ LinkResolver.resolve($0, against: base) }) else { return }
            let size = element.attribute(rule.reading == .mediaContent ? "fileSize" : "length")
            let enclosure = Enclosure(url: url, type: element.attribute("type").map(Whitespace.trim)?.nonEmpty,
                                      length: FeedWalker.length(size))
            update(scope) { $0.addEnclosure(enclosure) }
        case .attributeLink(let attribute):
            let url = element.attribute(attribute.name).flatMap { LinkResolver.resolve($0, against: base) }
            if let field = rule.field { update(scope) { $0.offer(url, for: field, priority: rule.priority) } }
        default:
            // Kept by the capture past this callback, attributes and all.
            let kept = element.copied(reusing: lastCopiedWithAttributes)
            if kept.hasAttributes { lastCopiedWithAttributes = kept }
            guard let mode = FeedWalker.captureMode(rule.reading, element: kept) else { return }
            // Only links and guids resolve against the base when they finish.
            let base = rule.reading == .link || rule.reading == .guid ? base : nil
            if let spare = spareCapture.take() {
                spare.restart(rule: rule, scope: scope, element: kept, depth: depth, base: base, mode: mode)
                capture = spare
            } else {
                capture = FieldCapture(rule: rule, scope: scope, element: kept, depth: depth, base: base, mode: mode)
            }
        }
    }

    private mutating func readAtomLink(_ element: ElementStartInPlace, rule: FieldRule, scope: Scope) {
        guard let url = element.attribute("href").flatMap({ LinkResolver.resolve($0, against: base) }) else { return }
        var relation = Whitespace.trim(element.attribute("rel") ?? "").lowercased()
        relation = relation.replacingOccurrences(of: "http://www.iana.org/assignments/relation/", with: "")
        switch relation {
        case "", "alternate":
            let priority = FieldTable.linkPriority(rule.priority, link: url)
            update(scope) { $0.offer(url, for: .link, priority: priority) }
        case "enclosure":
            let enclosure = Enclosure(url: url, type: element.attribute("type").map(Whitespace.trim)?.nonEmpty,
                                      length: FeedWalker.length(element.attribute("length")))
            update(scope) { $0.addEnclosure(enclosure) }
        default:
            // self, related, replies, edit…: not the page the entry is about.
            break
        }
    }

    private static func captureMode(_ reading: Reading, element: XMLElementStart) -> FieldCapture.Mode? {
        switch reading {
        case .html:
            return .markup(escapeText: false, unwrapDiv: false)
        case .mediaText:
            return isHTMLType(element) ? .markup(escapeText: false, unwrapDiv: false) : .text
        case .atomContent:
            switch AtomTextKind(element) {
            case .xhtml: return .markup(escapeText: true, unwrapDiv: true)
            case .unsupported: return nil
            case .text, .html: return .text
            }
        case .atomText:
            return AtomTextKind(element) == .unsupported ? nil : .text
        default:
            return .text
        }
    }

    private static func isHTMLType(_ element: XMLElementStart) -> Bool {
        Whitespace.trim(element.attribute("type") ?? "").lowercased() == "html"
    }

    /// Many feeds write 0 or junk for an unknown length; only a positive count is a length.
    private static func length(_ text: String?) -> Int64? {
        guard let text, let value = Int64(Whitespace.trim(text)), value > 0 else { return nil }
        return value
    }

    // MARK: Element ends

    mutating func handleEnd() {
        guard let open = stack.popLast() else { return }
        let depth = stack.count
        if let innermost = bases.last, innermost.depth == depth { bases.removeLast() }
        if let ignored = ignoredDepth {
            if depth == ignored { ignoredDepth = nil }
            return
        }
        if let captureDepth = capture?.depth {
            if depth == captureDepth {
                if let active = capture.take() {
                    finish(active)
                    spareCapture = active
                }
            } else {
                capture?.close(open.kind.name, depth: depth)
            }
            return
        }
        guard let scope = open.scope else { return }
        scopes.removeLast()
        if scope == .item, inItem {
            // Cleaned here, on the thread that read it, while its text is still in the cache.
            let known = ArticleAssembly.knownClean(item)
            var article = ArticleAssembly.article(taking: &item)
            TextCleaner.clean(&article, except: known)
            articles.append(consume article)
            inItem = false
        }
    }

    private mutating func finish(_ capture: FieldCapture) {
        let rule = capture.rule
        // Built on first use: .html and .atomContent read the trimmed bytes instead.
        let provenance = textProvenance
        var raw: String { capture.text(provenance) }
        guard let field = rule.field else {
            if rule.reading == .category {
                let read = capture.collapsedText(provenance)
                update(capture.scope) { $0.addCategory(read.text, isClean: read.shape.isClean) }
            }
            return
        }
        let value: String?
        // Whether `value` is known clean: true only where it was cut from the checked text
        // (trimmed, collapsed) or had ASCII escapes added, never where entities were decoded.
        var isClean = false
        var priority = rule.priority
        switch rule.reading {
        case .rssTitle:
            // A title without markup is plain text as written: only its whitespace changes.
            let read = capture.collapsedText(provenance)
            if read.shape.hasMarkup || !read.shape.isValid {
                value = RSSTitle.plainText(raw)
            } else {
                (value, isClean) = (read.text, read.shape.isClean)
            }
        case .atomText:
            if AtomTextKind(capture.element) == .html {
                value = PlainText.fromHTML(raw)
            } else {
                let read = capture.collapsedText(provenance)
                (value, isClean) = (read.text, read.shape.isClean)
            }
        case .htmlAsPlainText:
            value = PlainText.fromHTML(raw)
        case .personName:
            value = PersonName.fromRSS(capture.collapsedText(provenance).text)
        case .html:
            (value, isClean) = capture.checkedTrimmedText(provenance)
        case .mediaText:
            let read = capture.checkedText(provenance)
            let trimmed = Whitespace.trim(read.text)
            (value, isClean) = (FeedWalker.isHTMLType(capture.element) ? trimmed : HTMLEscaping.escape(trimmed), read.isClean)
        case .atomContent:
            let read = capture.checkedTrimmedText(provenance)
            (value, isClean) = (AtomTextKind(capture.element) == .text ? HTMLEscaping.escape(read.text) : read.text, read.isClean)
        case .link:
            // Trimming, resolving and percent-encoding add no character the cleaning removes.
            let read = capture.checkedText(provenance)
            value = LinkResolver.resolve(read.text, against: capture.base)
            isClean = read.isClean
            if field == .link, let value { priority = FieldTable.linkPriority(rule.priority, link: value) }
        case .identifier:
            let read = capture.checkedText(provenance)
            (value, isClean) = (Whitespace.trim(read.text), read.isClean)
        case .guid:
            let read = capture.checkedText(provenance)
            let guid = Whitespace.trim(read.text)
            (value, isClean) = (guid, read.isClean)
            offerPermalink(capture, guid: guid)
        case .date:
            readDate(capture, field: field)
            return
        default:
            let read = capture.collapsedText(provenance)
            (value, isClean) = (read.text, read.shape.isClean)
        }
        update(capture.scope) { $0.offer(value, for: field, priority: priority, isClean: isClean) }
    }

    /// isPermaLink defaults to true, but only a guid that is a URL can be a link.
    private mutating func offerPermalink(_ capture: FieldCapture, guid: String) {
        let flag = Whitespace.trim(capture.element.attribute("isPermaLink") ?? "").lowercased()
        guard flag != "false", flag == "true" || LinkResolver.hasScheme(guid) else { return }
        guard let link = LinkResolver.resolve(guid, against: capture.base),
              let priority = FieldTable.permalinkGuidPriority(link: link) else { return }
        update(capture.scope) { $0.offer(link, for: .link, priority: priority) }
    }

    private mutating func readDate(_ capture: FieldCapture, field: Field) {
        let text = capture.collapsedText(textProvenance).text
        guard !text.isEmpty else { return }
        update(capture.scope) { $0.noteDateText(text) }
        let element = capture.element
        // The channel's language is known by its items' dates: feeds write it first.
        guard let reading = FeedDate.read(text, feedLanguage: channel.text(.language)) else {
            warnings.append("line \(element.line): <\(element.qualifiedName)>: unparseable date \"\(text)\"")
            return
        }
        if let note = reading.assumption?.note {
            warnings.append("line \(element.line): <\(element.qualifiedName)>: date \"\(text)\" \(note)")
        }
        update(capture.scope) { $0.offer(date: reading.date, for: field, priority: capture.rule.priority) }
    }

    /// Items and their Atom sources write into the open item; the channel and RDF's image
    /// into the channel.
    private mutating func update(_ scope: Scope, _ change: (inout FieldCollector) -> Void) {
        switch scope {
        case .item, .atomSource:
            if inItem { change(&item) }
        case .channel, .rdfImage:
            change(&channel)
        }
    }
}
