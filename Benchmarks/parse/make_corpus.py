#!/usr/bin/env python3
"""Deterministic parse-benchmark corpus: one big RSS 2.0 feed with Japanese text, a smaller
slice of the same shape for callgrind, and 500 mixed small feeds (RSS 0.91/2.0, RSS 1.0,
Atom 1.0, JSON Feed; UTF-8 and Shift_JIS). Same seed, same bytes, on every machine.

usage: make_corpus.py OUTDIR [BIG_MB] [SLICE_MB]
"""
import json
import os
import random
import sys

WORDS = [
    "政府", "発表", "経済", "市場", "株価", "円安", "技術", "開発", "東京", "大阪", "地震", "台風", "選挙",
    "新型", "スマートフォン", "人工知能", "半導体", "自動車", "輸出", "観光客", "増加", "減少", "調査",
    "結果", "専門家", "指摘", "影響", "拡大", "検討", "開始", "予定", "今年", "来年", "首相", "会見",
    "野球", "サッカー", "優勝", "映画", "公開", "音楽", "ライブ", "アニメ", "ゲーム", "発売", "新作",
    "Swift", "Linux", "AI", "GPU", "5G", "IoT", "2026年", "第3四半期", "約1.5倍", "前年比",
]
PARTICLES = ["が", "を", "に", "で", "と", "の", "は", "も", "から", "まで"]
ENDINGS = ["した。", "する見通しだ。", "と発表した。", "が明らかになった。", "を目指す。", "と述べた。"]


def sentence(rng):
    parts = []
    for _ in range(rng.randint(4, 9)):
        parts.append(rng.choice(WORDS) + rng.choice(PARTICLES))
    return "".join(parts) + rng.choice(WORDS) + rng.choice(ENDINGS)


def title(rng):
    return "".join(rng.choice(WORDS) + rng.choice(PARTICLES) for _ in range(3)) + rng.choice(WORDS)


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def rss_item(rng, n):
    paragraphs = "".join(
        "<p>" + "".join(sentence(rng) for _ in range(rng.randint(2, 4))) + "</p>\n" for _ in range(rng.randint(3, 6))
    )
    summary = escape(sentence(rng) + " " + sentence(rng)) + " &amp; more"
    day = 1 + n % 28
    return (
        "<item>\n"
        f"  <title>{escape(title(rng))}</title>\n"
        f"  <link>https://news.example.jp/articles/{n}</link>\n"
        f'  <guid isPermaLink="false">tag:news.example.jp,2026:{n}</guid>\n'
        f"  <pubDate>Mon, {day:02d} Nov 2026 {n % 24:02d}:{n % 60:02d}:00 +0900</pubDate>\n"
        f"  <dc:creator>{rng.choice(['山田 太郎', '佐藤 花子', '編集部', 'Jane Doe'])}</dc:creator>\n"
        f"  <category>{rng.choice(WORDS)}</category>\n"
        f"  <category>{rng.choice(WORDS)}</category>\n"
        f"  <description>{summary}</description>\n"
        f"  <content:encoded><![CDATA[{paragraphs}]]></content:encoded>\n"
        f'  <enclosure url="https://img.example.jp/{n}.jpg" type="image/jpeg" length="{rng.randint(1000, 99999)}"/>\n'
        "</item>\n"
    )


def big_rss(rng, target_bytes):
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n'
        "<title>ベンチマーク・ニュース</title>\n<link>https://news.example.jp/</link>\n"
        "<description>大きなフィードの読み込み速度を測るためのコーパス</description>\n<language>ja</language>\n"
    )
    chunks = [head]
    size = len(head.encode())
    n = 0
    while size < target_bytes:
        item = rss_item(rng, n)
        chunks.append(item)
        size += len(item.encode())
        n += 1
    chunks.append("</channel>\n</rss>\n")
    return "".join(chunks), n


def small_feed(rng, index):
    kind = index % 6
    items = rng.randint(5, 30)
    if kind in (0, 1):
        body, _ = big_rss(rng, rng.randint(4_000, 40_000))
        return f"feed{index:03d}.xml", body.encode()
    if kind == 2:
        entries = "".join(
            f"<entry><title>{escape(title(rng))}</title><id>tag:blog.example.jp,2026:{index}-{i}</id>"
            f'<link href="/posts/{i}"/><updated>2026-11-{1 + i % 28:02d}T10:00:00+09:00</updated>'
            f'<content type="html">{escape("<p>" + sentence(rng) + "</p>")}</content></entry>\n'
            for i in range(items)
        )
        body = (
            '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
            f'xml:base="https://blog.example.jp/"><title>Atom {index}</title><id>urn:feed:{index}</id>'
            f"<updated>2026-11-30T00:00:00Z</updated>\n{entries}</feed>\n"
        )
        return f"feed{index:03d}.atom", body.encode()
    if kind == 3:
        items_xml = "".join(
            f'<item rdf:about="https://diary.example.jp/{index}/{i}"><title>{escape(title(rng))}</title>'
            f"<link>https://diary.example.jp/{index}/{i}</link><dc:date>2026-11-{1 + i % 28:02d}T09:00:00+09:00</dc:date>"
            f"<description>{escape(sentence(rng))}</description></item>\n"
            for i in range(items)
        )
        body = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
            'xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f"<channel><title>RDF {index}</title><link>https://diary.example.jp/</link><description>日記</description></channel>\n"
            f"{items_xml}</rdf:RDF>\n"
        )
        return f"feed{index:03d}.rdf", body.encode()
    if kind == 4:
        feed = {
            "version": "https://jsonfeed.org/version/1.1",
            "title": f"JSON {index}",
            "home_page_url": "https://json.example.jp/",
            "items": [
                {"id": f"{index}-{i}", "url": f"https://json.example.jp/{i}", "title": title(rng),
                 "content_html": "<p>" + sentence(rng) + "</p>", "date_published": "2026-11-30T10:00:00+09:00"}
                for i in range(items)
            ],
        }
        return f"feed{index:03d}.json", json.dumps(feed, ensure_ascii=False).encode()
    items_xml = "".join(
        f"<item><title>{escape(title(rng))}</title><link>https://sjis.example.jp/{i}</link>"
        f"<description>{escape(sentence(rng))}①㈱髙</description><pubDate>Mon, 30 Nov 2026 10:00:00 JST</pubDate></item>\n"
        for i in range(items)
    )
    body = (
        '<?xml version="1.0" encoding="Shift_JIS"?>\n<rss version="0.91"><channel>'
        f"<title>SJIS {index}</title><link>https://sjis.example.jp/</link><description>旧式</description>\n"
        f"{items_xml}</channel></rss>\n"
    )
    return f"feed{index:03d}.xml", body.encode("cp932")


def main():
    out = sys.argv[1]
    big_mb = float(sys.argv[2]) if len(sys.argv) > 2 else 50
    slice_mb = float(sys.argv[3]) if len(sys.argv) > 3 else 5
    os.makedirs(os.path.join(out, "small"), exist_ok=True)
    for name, megabytes, seed in (("big.xml", big_mb, 20261130), ("slice.xml", slice_mb, 20261201)):
        body, count = big_rss(random.Random(seed), int(megabytes * 1_000_000))
        with open(os.path.join(out, name), "w", encoding="utf-8") as handle:
            handle.write(body)
        print(f"{name}: {len(body.encode())} bytes, {count} items")
    rng = random.Random(500)
    for index in range(500):
        name, data = small_feed(rng, index)
        with open(os.path.join(out, "small", name), "wb") as handle:
            handle.write(data)
    print("small/: 500 feeds")


if __name__ == "__main__":
    main()
