// DisplayWidth against glibc's wcswidth, the width table most Linux terminals and tmux
// draw with, for text that is not emoji (where terminals disagree and DisplayWidth keeps
// its own choice). The widths below were measured, not worked out: glibc 2.36 (Debian 12),
// locale C.UTF-8, with this script run in this directory, which prints every pair of the
// table with the width wcswidth gives its text (add a pair with any width, then paste):
//
//   python3 - <<'PY'
//   import ctypes, locale, re
//   locale.setlocale(locale.LC_ALL, 'C.UTF-8')
//   libc = ctypes.CDLL('libc.so.6')
//   for literal in re.findall(r'^ +\("((?:[^"\\]|\\.)*)", -?\d+\),$', open('GlibcWidthTests.swift').read(), re.M):
//       text = re.sub(r'\\u\{([0-9A-F]+)\}', lambda m: chr(int(m.group(1), 16)), literal)
//       print('        ("%s", %d),' % (literal, libc.wcswidth(ctypes.c_wchar_p(text), len(text))))
//   PY
import Testing
import NewsRender

@Suite("Display width against glibc")
struct GlibcWidthTests {
    /// (text, columns per glibc wcswidth) for many scripts; escapes spell out the scalars
    /// that are invisible or would merge with what precedes them in an editor (decomposed
    /// Vietnamese, conjoining Hangul jamo, joiners).
    static let widths: [(String, Int)] = [
        ("हिन्दी समाचार: प्रधानमंत्री ने कहा", 29),
        ("नमस्ते दुनिया", 10),
        ("क्षत्रिय", 6),
        ("श्री", 3),
        ("मराठी बातम्या", 12),
        ("नेपाली समाचार", 12),
        ("क्\u{200D}ष", 2),
        ("क्\u{200C}ष", 2),
        ("क़ि", 2),
        ("বাংলা খবর আজকের", 15),
        ("ক্ষ্ম", 3),
        ("ਪੰਜਾਬੀ ਖ਼ਬਰਾਂ", 10),
        ("ગુજરાતી સમાચાર", 13),
        ("ଓଡ଼ିଆ ଖବର", 7),
        ("தமிழ் செய்திகள் இன்று", 17),
        ("க்ஷ", 2),
        ("తెలుగు వార్తలు", 11),
        ("ಕನ್ನಡ ಸುದ್ದಿ", 9),
        ("മലയാളം വാർത്ത", 12),
        ("ൻ്റെ", 3),
        ("සිංහල පුවත්", 8),
        ("ข่าวไทยวันนี้", 9),
        ("ที่นี่", 2),
        ("กำลัง", 4),
        ("น้ำ", 2),
        ("ພາສາລາວ ຄຳ", 10),
        ("ព័ត៌មានខ្មែរ", 9),
        ("မြန်မာ သတင်း", 10),
        ("བོད་ཡིག", 5),
        ("ꦧꦱꦗꦮ", 4),
        ("ᬩᬲᬩᬮᬶ", 4),
        ("한국 뉴스", 9),
        ("\u{1100}\u{1161}\u{11A8}", 2),
        ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", 4),
        ("\u{1100}\u{1161}", 2),
        ("ㄱㅏ", 4),
        ("Tiếng Việt tin tức", 18),
        ("Tie\u{302}\u{301}ng Vie\u{323}\u{302}t tin tu\u{31B}\u{301}c", 18),
        ("Nguyễn", 6),
        ("Nguye\u{302}\u{303}n", 6),
        ("مرحبا بالعالم", 13),
        ("العَرَبِيَّة", 7),
        ("שָׁלוֹם עוֹלָם", 9),
        ("עברית", 5),
        ("ܫܠܡܐ", 4),
        ("ދިވެހި", 3),
        ("café", 4),
        ("cafe\u{301}", 4),
        ("a\u{308}\u{323}", 1),
        ("Ελληνικά νέα", 12),
        ("Кириллица", 9),
        ("й", 1),
        ("Հայերեն", 7),
        ("ქართული", 7),
        ("አማርኛ", 4),
        ("Z\u{336}\u{301}a\u{337}\u{352}\u{324}l\u{335}\u{350}\u{331}g\u{334}\u{351}o\u{338}\u{30B}\u{320}", 5),
        ("h\u{315}\u{316}\u{317}\u{318}\u{319}\u{31A}\u{31B}\u{31C}\u{31D}\u{31E}\u{31F}\u{320}e", 2),
        ("日本語のニュース", 16),
        ("中文新闻", 8),
        ("ｶﾞｲﾄﾞﾌﾞｯｸ", 9),
        ("ガ", 2),
        ("カ\u{3099}", 2),
        ("Ａｂｃ１２３", 12),
        ("。、「」", 8),
        ("soft\u{AD}hyphen", 11),
        ("zero\u{200B}width", 9),
        ("word\u{2060}joiner", 10),
        ("a\u{200D}b", 2),
        ("\u{34F}", 0),
        ("\u{180B}", 0),
    ]

    @Test("every text is as wide as glibc's wcswidth says", arguments: widths)
    func matchesWcswidth(text: String, columns: Int) {
        #expect(DisplayWidth.width(of: text) == columns)
    }
}
