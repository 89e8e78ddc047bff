#!/usr/bin/env python3
"""Writes a deterministic corpus of feeds for the fetch and parse benchmarks: COUNT files
mixing RSS 2.0, RSS 1.0 and Atom, Japanese and English, ITEMS items each, into DIR. Every
fifth Japanese feed is in Shift_JIS and every fifth after it in EUC-JP, declared in the XML
declaration as the Japanese web still does.

usage: generate_feeds.py DIR [COUNT] [ITEMS] [SEED]"""
import os
import random
import re
import sys
from datetime import datetime, timedelta, timezone
from xml.sax.saxutils import escape

directory = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 500
items = int(sys.argv[3]) if len(sys.argv) > 3 else 20
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 42)

JA = ["政府", "経済", "対策", "発表", "東京", "大阪", "新型", "技術", "研究", "開発", "市場", "株価", "円相場",
      "選挙", "台風", "地震", "首相", "会見", "映画", "音楽", "公開", "記録", "更新", "初", "過去最多", "調査",
      "結果", "企業", "決算", "増益", "学校", "給食", "無償化", "鉄道", "新幹線", "開業", "大会", "優勝"]
EN = ["government", "economy", "plan", "announces", "record", "new", "study", "finds", "market", "shares",
      "storm", "election", "minister", "talks", "film", "album", "release", "tops", "chart", "company",
      "profit", "rises", "school", "rail", "line", "opens", "final", "wins", "climate", "deal", "science"]
BASE = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)


def headline(japanese):
    words = rng.sample(JA if japanese else EN, rng.randint(4, 8))
    return ("、".join(["".join(words[:3]), "".join(words[3:])]) if japanese
            else " ".join(words).capitalize())


def paragraph(japanese):
    return "".join(headline(japanese) + ("。" if japanese else ". ") for _ in range(rng.randint(2, 5)))


def rss20(index, japanese):
    parts = [f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
             f'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
             f'<channel><title>{escape(headline(japanese))}</title><link>https://site{index}.example/</link>'
             f'<description>feed {index}</description><language>{"ja" if japanese else "en"}</language>']
    for item in range(items):
        date = (BASE - timedelta(minutes=37 * item + index)).strftime("%a, %d %b %Y %H:%M:%S +0000")
        parts.append(f"<item><title>{escape(headline(japanese))}</title>"
                     f"<link>https://site{index}.example/a/{item}</link><guid>https://site{index}.example/a/{item}</guid>"
                     f"<pubDate>{date}</pubDate><dc:creator>writer {item % 7}</dc:creator>"
                     f"<description>{escape(paragraph(japanese))}</description>"
                     f"<content:encoded><![CDATA[<p>{paragraph(japanese)}</p><p>{paragraph(japanese)}</p>]]></content:encoded></item>")
    parts.append("</channel></rss>\n")
    return "".join(parts)


def rss10(index, japanese):
    parts = [f'<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
             f'xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
             f'<channel rdf:about="https://site{index}.example/"><title>{escape(headline(japanese))}</title>'
             f'<link>https://site{index}.example/</link><description>feed {index}</description></channel>']
    for item in range(items):
        date = (BASE - timedelta(minutes=41 * item + index)).strftime("%Y-%m-%dT%H:%M:%S+09:00")
        parts.append(f'<item rdf:about="https://site{index}.example/n/{item}"><title>{escape(headline(japanese))}</title>'
                     f"<link>https://site{index}.example/n/{item}</link><dc:date>{date}</dc:date>"
                     f"<description>{escape(paragraph(japanese))}</description></item>")
    parts.append("</rdf:RDF>\n")
    return "".join(parts)


def atom(index, japanese):
    parts = [f'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
             f'<title>{escape(headline(japanese))}</title><link href="https://site{index}.example/"/>'
             f"<id>urn:feed:{index}</id><updated>{BASE.strftime('%Y-%m-%dT%H:%M:%SZ')}</updated>"]
    for item in range(items):
        date = (BASE - timedelta(minutes=29 * item + index)).strftime("%Y-%m-%dT%H:%M:%SZ")
        parts.append(f"<entry><title>{escape(headline(japanese))}</title>"
                     f'<link href="https://site{index}.example/e/{item}"/><id>urn:feed:{index}:{item}</id>'
                     f"<published>{date}</published><updated>{date}</updated>"
                     f"<summary>{escape(paragraph(japanese))}</summary>"
                     f'<content type="html">{escape("<p>" + paragraph(japanese) + "</p>")}</content></entry>')
    parts.append("</feed>\n")
    return "".join(parts)


def encoding(index):
    """(XML declaration name, Python codec) of feed `index`; only Japanese feeds vary."""
    if index % 2 == 1:
        return "UTF-8", "utf-8"
    return {0: ("Shift_JIS", "cp932"), 4: ("EUC-JP", "euc_jp")}.get(index % 10, ("UTF-8", "utf-8"))


os.makedirs(directory, exist_ok=True)
writers = [rss20, rss10, atom]
for index in range(count):
    body = writers[index % 3](index, index % 2 == 0)
    declared, codec = encoding(index)
    body = re.sub(r'encoding="(UTF-8|utf-8)"', f'encoding="{declared}"', body, count=1)
    with open(os.path.join(directory, f"feed-{index:04d}.xml"), "wb") as out:
        out.write(body.encode(codec))
