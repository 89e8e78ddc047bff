// Superscripts and subscripts: raised or lowered in Unicode's characters where they exist,
// else after ^ or _, so that x² and H₂O keep their meaning and a footnote number does not
// run into the word before it.
import Testing
import NewsModel
import NewsRender

@Suite("Article page scripts")
struct ArticlePageScriptTests {
    @Test("digits and signs become super- and subscript characters")
    func unicodeScripts() {
        #expect(ArticlePageFixtures.body("H<sub>2</sub>O and x<sup>2</sup>, e<sup>-(n+1)</sup>, CO<sub> 2 </sub>gas") == [
            "H₂O and x², e⁻⁽ⁿ⁺¹⁾, CO ₂ gas",
        ])
    }

    @Test("a footnote in sup reads as a raised number, without a link number to the same page")
    func footnote() {
        let html = "Footnote<sup><a href=\"#fn1\">1</a></sup> here. Cited<sup><a href=\"#c2\">[2]</a></sup>."
        #expect(ArticlePageFixtures.body(html, width: 60) == ["Footnote¹ here. Cited[2]."])
    }

    @Test("text with no such characters is marked with ^ or _, and always in plain ASCII")
    func marked() {
        #expect(ArticlePageFixtures.body("10<sup>th</sup> a<sub>i</sub> x<sup>T</sup>", width: 60) == ["10^(th) a_i x^T"])
        #expect(ArticlePageFixtures.body("x<sup>2</sup> H<sub>2</sub>O 2<sup>10</sup>", colors: .plainASCII) == [
            "x^2 H_2O 2^(10)",
        ])
    }
}
