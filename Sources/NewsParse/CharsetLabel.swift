// Charset labels as feeds and servers write them, mapped to the converter browsers actually
// use: Shift_JIS is Windows-31J (CP932), EUC-JP is eucJP-ms, ISO-8859-1 and ASCII are
// Windows-1252.

enum CharsetLabel {
    private static let aliases: [String: String] = [
        "utf-8": "UTF-8", "utf8": "UTF-8", "unicode-1-1-utf-8": "UTF-8",
        // CP932 is Shift_JIS plus the NEC and IBM rows (①, ㈱, 髙…) every Japanese Windows
        // and every browser uses; plain Shift_JIS would turn them into U+FFFD.
        "shift_jis": "CP932", "shift-jis": "CP932", "sjis": "CP932", "x-sjis": "CP932", "ms_kanji": "CP932",
        "csshiftjis": "CP932", "windows-31j": "CP932", "cp932": "CP932", "ms932": "CP932",
        // EUC-JP-MS is EUC-JP with the same NEC and IBM rows and Microsoft's mappings (～, －),
        // as browsers decode EUC-JP: glibc's plain EUC-JP refuses ① and ㈱.
        "euc-jp": "EUC-JP-MS", "x-euc-jp": "EUC-JP-MS", "eucjp": "EUC-JP-MS", "cseucpkdfmtjapanese": "EUC-JP-MS",
        "iso-2022-jp": "ISO-2022-JP", "csiso2022jp": "ISO-2022-JP",
        // WHATWG Encoding: these labels all mean windows-1252.
        "iso-8859-1": "CP1252", "iso8859-1": "CP1252", "iso_8859-1": "CP1252", "latin1": "CP1252", "l1": "CP1252",
        "us-ascii": "CP1252", "ascii": "CP1252", "windows-1252": "CP1252", "cp1252": "CP1252", "x-cp1252": "CP1252",
        "cp819": "CP1252", "ibm819": "CP1252",
        "utf-16": "UTF-16", "utf-16le": "UTF-16LE", "utf-16be": "UTF-16BE",
    ]

    static func converterName(_ label: String) -> String {
        aliases[label.lowercased()] ?? label
    }
}
