import MarvelModels

/// The six kinds of entity, built from the graph and the word lists.
extension CraftedCatalog {
    func character(_ index: Int) -> MarvelCharacter {
        let id = CatalogGraph.id(.characters, index)
        let name = CraftedValues.characterName(index)
        let slug = CraftedValues.slug(name)
        return MarvelCharacter(
            id: id, name: name,
            description: description("\(name) keeps watch over the city from the rooftops of the old quarter.",
                                     index: index, nullEvery: 11, emptyEvery: 5, nullable: false),
            modified: CraftedValues.modified(.characters, index),
            thumbnail: thumbnail(.characters, index),
            resourceURI: CraftedValues.uri(.characters, id),
            comics: list(.characters, index, .comics), series: list(.characters, index, .series),
            stories: storyList(.characters, index), events: list(.characters, index, .events),
            urls: [
                CraftedValues.link("detail", "characters/\(id)/\(slug)", publicKey: publicKey),
                CraftedValues.link("wiki", "universe/\(slug)", publicKey: publicKey),
                CraftedValues.link("comiclink", "comics/characters/\(id)/\(slug)", publicKey: publicKey),
            ])
    }

    func comic(_ index: Int) -> Comic {
        let id = CatalogGraph.id(.comics, index)
        let series = graph.comicSeries[index], issue = graph.comicIssue[index]
        let title = comicTitle(index)
        let digital = index % 3 == 0
        let onsale = (seriesYears(series).start - 1960) * 365 + issue * 30 + index % 7
        let text = description("The \(title) story reaches its turning point.", index: index, nullEvery: 4, emptyEvery: 7, nullable: true)
        let sameSeries = graph.comics(of: .series, series)
        var dates = [
            ComicDate(type: "onsaleDate", date: CraftedValues.day(onsale)),
            ComicDate(type: "focDate", date: index % 10 == 4 ? .unknown : CraftedValues.day(onsale - 21)),
        ]
        if digital {
            dates.append(ComicDate(type: "unlimitedDate", date: CraftedValues.day(onsale + 180)))
            dates.append(ComicDate(type: "digitalPurchaseDate", date: CraftedValues.day(onsale)))
        }
        var prices = [ComicPrice(type: "printPrice", price: isCollection(index) ? 24.99 : [2.99, 3.99, 4.99][index % 3])]
        if digital { prices.append(ComicPrice(type: "digitalPurchasePrice", price: 1.99)) }
        let variants = isVariant(index)
            ? [original(ofVariant: index)].compactMap { $0 }
            : sameSeries.filter { isVariant($0) && original(ofVariant: $0) == index }
        let collected = isCollection(index) ? sameSeries.filter { $0 < index && !isCollection($0) && !isVariant($0) } : []
        let collections = isCollection(index) ? [] : sameSeries.filter { $0 > index && isCollection($0) }
        let thumb = thumbnail(.comics, index)
        return Comic(
            id: id, digitalId: digital ? 10_000 + index : 0, title: title,
            issueNumber: isCollection(index) ? 0 : Double(issue),
            variantDescription: isVariant(index) ? "Variant" : "",
            description: text,
            modified: CraftedValues.modified(.comics, index),
            isbn: isCollection(index) ? "978-1-302-\(50_000 + index)-\(index % 10)" : "",
            upc: index % 5 == 0 ? "75960\(60_800 + index)-0\(1_000 + issue)" : "",
            diamondCode: index % 6 == 1 ? "\(["JAN", "APR", "JUL", "OCT"][index % 4])\(10 + index % 14)\(2_000 + index)" : "",
            ean: "", issn: "",
            format: comicFormat(index),
            pageCount: isCollection(index) ? 144 : (comicFormat(index) == "Digital Comic" ? 0 : 32),
            textObjects: (text?.isEmpty ?? true) ? [] : [
                TextObject(type: "issue_solicit_text", language: "en-us",
                           text: "\(text!)\r<br>Guest-starring \(CraftedValues.characterName((index + 3) % CatalogGraph.characterCount))."),
            ],
            resourceURI: CraftedValues.uri(.comics, id),
            urls: [CraftedValues.link("detail", "comics/issue/\(id)/\(CraftedValues.slug(title))", publicKey: publicKey)]
                + (digital ? [CraftedValues.link("reader", "digitalcomics/c/\(10_000 + index)", publicKey: publicKey)] : []),
            series: summaries(.series, [series])[0],
            variants: summaries(.comics, variants),
            collections: summaries(.comics, collections),
            collectedIssues: summaries(.comics, collected),
            dates: dates, prices: prices,
            thumbnail: thumb,
            images: thumb == .notAvailable ? [] : [thumb],
            creators: creatorList(.comics, index),
            characters: list(.comics, index, .characters),
            stories: storyList(.comics, index),
            events: list(.comics, index, .events))
    }

    /// The regular issue a variant cover belongs to: the latest regular one before it.
    func original(ofVariant comic: Int) -> Int? {
        graph.comics(of: .series, graph.comicSeries[comic]).last { $0 < comic && !isVariant($0) && !isCollection($0) }
    }

    func creator(_ index: Int) -> Creator {
        let id = CatalogGraph.id(.creators, index)
        let names = creatorNames(index)
        return Creator(
            id: id, firstName: names.first, middleName: names.middle, lastName: names.last, suffix: names.suffix,
            fullName: names.full,
            modified: CraftedValues.modified(.creators, index),
            thumbnail: index % 6 == 1 ? .notAvailable : CraftedValues.image(.creators, index),
            resourceURI: CraftedValues.uri(.creators, id),
            comics: list(.creators, index, .comics), series: list(.creators, index, .series),
            stories: storyList(.creators, index), events: list(.creators, index, .events),
            urls: [CraftedValues.link("detail", "comics/creators/\(id)/\(CraftedValues.slug(names.full))", publicKey: publicKey)])
    }

    func event(_ index: Int) -> Event {
        let id = CatalogGraph.id(.events, index)
        let title = CraftedNames.eventTitles[index]
        let year = 1980 + index * 3, month = index % 9 + 1
        return Event(
            id: id, title: title,
            description: index == 7 ? "" : "Heroes across the city are drawn into \(title).",
            resourceURI: CraftedValues.uri(.events, id),
            urls: [
                CraftedValues.link("detail", "comics/events/\(id)/\(CraftedValues.slug(title))", publicKey: publicKey),
                CraftedValues.link("wiki", "universe/\(CraftedValues.slug(title))", publicKey: publicKey),
            ],
            modified: CraftedValues.modified(.events, index),
            start: MarvelDate(rawValue: "\(year)-0\(month)-01 00:00:00"),
            end: MarvelDate(rawValue: "\(year + 1)-0\(month)-28 00:00:00"),
            thumbnail: CraftedValues.image(.events, index),
            creators: creatorList(.events, index), characters: list(.events, index, .characters),
            stories: storyList(.events, index), comics: list(.events, index, .comics),
            series: list(.events, index, .series),
            // Real events always name a next and a previous one: the crafted chain wraps around.
            next: summaries(.events, [(index + 1) % CatalogGraph.eventCount])[0],
            previous: summaries(.events, [(index + CatalogGraph.eventCount - 1) % CatalogGraph.eventCount])[0])
    }

    func series(_ index: Int) -> Series {
        let id = CatalogGraph.id(.series, index)
        let years = seriesYears(index)
        let title = seriesTitle(index)
        let hasNext = index % 4 != 3 && index + 1 < CatalogGraph.seriesCount
        let hasPrevious = index % 4 != 0
        return Series(
            id: id, title: title,
            description: description("The adventures of \(CraftedValues.characterName(index)).",
                                     index: index, nullEvery: 6, emptyEvery: 4, nullable: true),
            resourceURI: CraftedValues.uri(.series, id),
            urls: [CraftedValues.link("detail", "comics/series/\(id)/\(CraftedValues.slug(title))", publicKey: publicKey)],
            startYear: years.start, endYear: years.end,
            rating: CraftedNames.ratings[index % CraftedNames.ratings.count],
            type: CraftedNames.seriesTypes[index % CraftedNames.seriesTypes.count],
            modified: CraftedValues.modified(.series, index),
            thumbnail: thumbnail(.series, index),
            creators: creatorList(.series, index), characters: list(.series, index, .characters),
            stories: storyList(.series, index), comics: list(.series, index, .comics),
            events: list(.series, index, .events),
            next: hasNext ? summaries(.series, [index + 1])[0] : nil,
            previous: hasPrevious ? summaries(.series, [index - 1])[0] : nil)
    }

    func story(_ index: Int) -> Story {
        let id = CatalogGraph.id(.stories, index)
        let comic = CatalogGraph.comic(ofStory: index)
        return Story(
            id: id, title: storyTitle(index),
            description: index % 2 == 1 && index % 5 == 1 ? "A chapter of \(comicTitle(comic))." : "",
            resourceURI: CraftedValues.uri(.stories, id),
            type: storySummaryType(index) == "" ? "" : (index % 2 == 0 ? "cover" : "story"),
            modified: CraftedValues.modified(.stories, index),
            thumbnail: index % 50 == 0 ? CraftedValues.image(.stories, index) : nil,
            creators: creatorList(.stories, index), characters: list(.stories, index, .characters),
            series: list(.stories, index, .series), comics: list(.stories, index, .comics),
            events: list(.stories, index, .events),
            originalIssue: summaries(.comics, [comic])[0])
    }
}
