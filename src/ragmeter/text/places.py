"""How large a place a name names: a continent, a country or a country's first division, or
neither (a city, a person, a product: any other name).

A claim may name a larger place than its passage does and still be true ("born in Canada"
where the passage says Montreal, Quebec; "in Europe" for "in Lisburn"), but not a smaller one
or another of the same size ("born in Toronto", "born in France"). The checks that read a name
put in place of the passage's ask place_level() of both.

The lists are of names only (continents, the UN member states and a few others, the states of
the US and Australia, Canada's provinces and the UK's nations), lower case, each spelling of a
name separated by "/".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

CONTINENT, COUNTRY, REGION = 3, 2, 1

_CONTINENTS = """africa / america / americas / north america / south america / central america / latin america /
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
zambia / zimbabwe / soviet union / ussr / prussia / yugoslavia / england / scotland / wales / northern ireland /
hong kong / puerto rico / greenland"""

_REGIONS = """alabama / alaska / arizona / arkansas / california / colorado / connecticut / delaware / florida /
hawaii / idaho / illinois / indiana / iowa / kansas / kentucky / louisiana / maine / maryland / massachusetts /
michigan / minnesota / mississippi / missouri / montana / nebraska / nevada / new hampshire / new jersey /
new mexico / new york / north carolina / north dakota / ohio / oklahoma / oregon / pennsylvania / rhode island /
south carolina / south dakota / tennessee / texas / utah / vermont / virginia / washington / west virginia /
wisconsin / wyoming / new south wales / queensland / victoria / tasmania / western australia /
south australia / northern territory / alberta / british columbia / manitoba / new brunswick / newfoundland /
nova scotia / ontario / quebec / saskatchewan / bavaria / catalonia / siberia / tibet / kashmir / punjab /
bengal / sicily / sardinia / corsica / crete / flanders / wallonia / normandy / brittany / provence / tuscany"""


def _names(block: str) -> list[str]:
    return [name.strip() for name in block.split("/") if name.strip()]


def place_levels(read: Callable[[str], Sequence[str]]) -> dict[tuple[str, ...], int]:
    """Each listed name as `read` splits it into words (the caller's own word forms), with its
    level; a name on two lists ("georgia", "america") takes the larger."""
    levels: dict[tuple[str, ...], int] = {}
    for level, block in ((REGION, _REGIONS), (COUNTRY, _COUNTRIES), (CONTINENT, _CONTINENTS)):
        for name in _names(block):
            levels[tuple(read(name))] = level
    return levels


def place_level(words: Sequence[str], levels: dict[tuple[str, ...], int]) -> int:
    """The largest level of a listed name found in the words (as a run), else 0."""
    found = 0
    for start in range(len(words)):
        for end in range(start + 1, min(len(words), start + 4) + 1):
            found = max(found, levels.get(tuple(words[start:end]), 0))
    return found
