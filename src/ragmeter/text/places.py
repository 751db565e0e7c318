"""How large a place a name names: a continent, a country or a country's first division, or
neither (a city, a person, a product: any other name).

A claim may name a larger place than its passage does and still be true ("born in Canada"
where the passage says Montreal, Quebec; "in Europe" for "in Lisburn"), but not a smaller one
or another of the same size ("born in Toronto", "born in France"). The checks that read a name
put in place of the passage's ask place_level() of both.

The lists are of names only (continents, the UN member states and a few others, the states of
the US and Australia, Canada's provinces, the UK's nations and a few other parts of countries),
lower case, each name separated by "/". A name on two lists ("georgia") has both levels.
Other names of one country ("Holland", "Burma", "America") are one place (same_place).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

CONTINENT, COUNTRY, REGION = 3, 2, 1

_CONTINENTS = """africa / americas / north america / south america / central america / latin america /
antarctica / asia / europe / oceania / australasia / eurasia / middle east / scandinavia / caribbean /
east asia / southeast asia / south asia / central asia / western europe / eastern europe / northern europe /
southern europe / west africa / east africa / north africa / southern africa / sub-saharan africa"""

_COUNTRIES = """afghanistan / albania / algeria / andorra / angola / antigua / argentina / armenia / australia /
austria / azerbaijan / bahamas / bahrain / bangladesh / barbados / belarus / belgium / belize / benin / bhutan /
bolivia / bosnia / botswana / brazil / brunei / bulgaria / burkina faso / burundi / cambodia / cameroon / canada /
cape verde / chad / chile / china / colombia / comoros / congo / costa rica / croatia / cuba / cyprus / czechia /
czech republic / denmark / djibouti / dominica / dominican republic / ecuador / egypt / el salvador / eritrea /
estonia / eswatini / ethiopia / fiji / finland / france / gabon / gambia / georgia / germany / ghana / greece /
grenada / guatemala / guinea / guyana / haiti / honduras / hungary / iceland / india / indonesia / iran / iraq /
ireland / israel / italy / ivory coast / jamaica / japan / jordan / kazakhstan / kenya / kiribati / korea /
north korea / south korea / kosovo / kuwait / kyrgyzstan / laos / latvia / lebanon / lesotho / liberia / libya /
liechtenstein / lithuania / luxembourg / madagascar / malawi / malaysia / maldives / mali / malta / mauritania /
mauritius / mexico / micronesia / moldova / monaco / mongolia / montenegro / morocco / mozambique / myanmar /
burma / namibia / nauru / nepal / netherlands / holland / new zealand / nicaragua / niger / nigeria /
north macedonia / macedonia / norway / oman / pakistan / palau / palestine / panama / papua new guinea /
paraguay / peru / philippines / poland / portugal / qatar / romania / russia / rwanda / samoa / san marino /
saudi arabia / senegal / serbia / seychelles / sierra leone / singapore / slovakia / slovenia / somalia /
south africa / south sudan / spain / sri lanka / sudan / suriname / sweden / switzerland / syria / taiwan /
tajikistan / tanzania / thailand / togo / tonga / trinidad / tunisia / turkey / turkmenistan / tuvalu / uganda /
ukraine / united arab emirates / uae / united kingdom / uk / britain / great britain / united states / us / usa /
united states of america / america / uruguay / uzbekistan / vanuatu / vatican / venezuela / vietnam / yemen /
zambia / zimbabwe / soviet union / ussr / prussia / yugoslavia"""

_REGIONS = """alabama / alaska / arizona / arkansas / california / colorado / connecticut / delaware / florida /
hawaii / idaho / illinois / indiana / iowa / kansas / kentucky / louisiana / maine / maryland / massachusetts /
michigan / minnesota / mississippi / missouri / montana / nebraska / nevada / new hampshire / new jersey /
new mexico / new york / north carolina / north dakota / ohio / oklahoma / oregon / pennsylvania / rhode island /
south carolina / south dakota / tennessee / texas / utah / vermont / virginia / washington / west virginia /
wisconsin / wyoming / new south wales / queensland / victoria / tasmania / western australia /
south australia / northern territory / alberta / british columbia / manitoba / new brunswick / newfoundland /
nova scotia / ontario / quebec / saskatchewan / bavaria / catalonia / siberia / tibet / kashmir / punjab /
bengal / sicily / sardinia / corsica / crete / flanders / wallonia / normandy / brittany / provence / tuscany /
england / scotland / wales / northern ireland / hong kong / puerto rico / greenland / georgia"""


def _names(block: str) -> list[str]:
    return [name.strip() for name in block.split("/") if name.strip()]


def place_levels(read: Callable[[str], Sequence[str]]) -> dict[tuple[str, ...], frozenset[int]]:
    """Each listed name as `read` splits it into words (the caller's own word forms), with its
    levels (two for a name on two lists: "georgia")."""
    levels: dict[tuple[str, ...], frozenset[int]] = {}
    for level, block in ((REGION, _REGIONS), (COUNTRY, _COUNTRIES), (CONTINENT, _CONTINENTS)):
        for name in _names(block):
            key = tuple(read(name))
            levels[key] = levels.get(key, frozenset()) | {level}
    return levels


# names of one place, each group on a line
_ALIASES = """united states / us / usa / united states of america / america
united kingdom / uk / britain / great britain
netherlands / holland
myanmar / burma
czechia / czech republic
north macedonia / macedonia
eswatini / swaziland
soviet union / ussr"""


def place_names(read: Callable[[str], Sequence[str]]) -> dict[tuple[str, ...], int]:
    """Each name of _ALIASES as `read` splits it, with the number of its group."""
    return {tuple(read(name.strip())): k for k, line in enumerate(_ALIASES.splitlines())
            for name in line.split("/") if name.strip()}


def same_place(a: Sequence[str], b: Sequence[str], names: dict[tuple[str, ...], int]) -> bool:
    """Whether two word runs name one place by two of its names ("Holland", "the Netherlands")."""
    def groups(words: Sequence[str]) -> set[int]:
        return {names[tuple(words[i:j])] for i in range(len(words)) for j in range(i + 1, min(len(words), i + 4) + 1)
                if tuple(words[i:j]) in names}
    return bool(groups(a) & groups(b))


def place_level(words: Sequence[str], levels: dict[tuple[str, ...], frozenset[int]], smallest: bool = False) -> int:
    """The largest level of a listed name found in the words (the longest run at each place:
    "Northern Ireland", not "Ireland"), else 0; smallest: the smallest reading of each name
    ("Georgia" a state, not a country)."""
    found, start = 0, 0
    while start < len(words):
        end = next((end for end in range(min(len(words), start + 4), start, -1) if tuple(words[start:end]) in levels),
                   None)
        if end is None:
            start += 1
            continue
        read = levels[tuple(words[start:end])]
        found, start = max(found, min(read) if smallest else max(read)), end
    return found
