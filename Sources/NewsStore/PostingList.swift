// A trigram's article ids as the index stores them: ascending, each the varint (7 bits a byte,
// low bits first) of its difference from the one before, the first from 0.

enum PostingList {
    /// Calls `body` with each id `bytes` holds, in order.
    @inline(__always)
    static func forEachID(in bytes: UnsafeRawBufferPointer, _ body: (Int64) -> Void) {
        var previous: Int64 = 0
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                continue
            }
            previous &+= Int64(bitPattern: value)
            body(previous)
            value = 0
            shift = 0
        }
    }

    /// Appends the ids `bytes` holds to `ids`.
    static func decode(_ bytes: UnsafeRawBufferPointer, into ids: inout [Int64]) {
        forEachID(in: bytes) { ids.append($0) }
    }

    /// The bytes of `ids`, which must be ascending and distinct.
    static func encode(_ ids: [Int64]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 2)
        var previous: Int64 = 0
        for id in ids {
            var value = UInt64(bitPattern: id &- previous)
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
            previous = id
        }
        return bytes
    }

    /// The ids of every list (each ascending), ascending, each once. Segments written one
    /// after another mostly hold ranges of ids that do not overlap: those are joined as they are.
    static func union(_ lists: [[Int64]]) -> [Int64] {
        let lists = lists.filter { !$0.isEmpty }.sorted { $0[0] < $1[0] }
        guard lists.count > 1 else { return lists.first ?? [] }
        if zip(lists, lists.dropFirst()).allSatisfy({ $0.last! < $1[0] }) { return lists.flatMap { $0 } }
        var all = lists.flatMap { $0 }
        all.sort()
        var write = 0
        for read in all.indices where write == 0 || all[write - 1] != all[read] {
            all[write] = all[read]
            write += 1
        }
        all.removeSubrange(write...)
        return all
    }

    /// A list as stored, with what joining it to others needs.
    struct Encoded {
        var bytes: [UInt8]
        var first: Int64 = 0
        var last: Int64 = 0
        var count = 0
        /// How many bytes the first id's varint takes.
        var firstLength = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = Array(bytes)
            var value: UInt64 = 0
            var shift: UInt64 = 0
            for (offset, byte) in bytes.enumerated() {
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 != 0 {
                    shift += 7
                    continue
                }
                last &+= Int64(bitPattern: value)
                if count == 0 {
                    first = last
                    firstLength = offset + 1
                }
                count += 1
                value = 0
                shift = 0
            }
        }
    }

    /// The lists joined into one without decoding them, when their ids do not overlap (each
    /// list's first id above the one before's last); nil when they do.
    static func joined(_ lists: [Encoded]) -> [UInt8]? {
        let lists = lists.filter { $0.count > 0 }.sorted { $0.first < $1.first }
        guard zip(lists, lists.dropFirst()).allSatisfy({ $0.last < $1.first }) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lists.reduce(0) { $0 + $1.bytes.count } + lists.count * 4)
        var previous: Int64 = 0
        for list in lists {
            // Only the first id changes: from a difference to 0 to one to the list before.
            var value = UInt64(bitPattern: list.first &- previous)
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
            bytes.append(contentsOf: list.bytes[list.firstLength...])
            previous = list.last
        }
        return bytes
    }
}
