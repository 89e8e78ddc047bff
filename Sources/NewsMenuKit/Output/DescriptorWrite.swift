// Writing a whole buffer to a file descriptor, through short writes and interruptions.
import Glibc

enum DescriptorWrite {
    /// True once every byte is written; false on the first error.
    static func all(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
