package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;

import java.util.ArrayList;
import java.util.List;

/** Builders of {@link FormInfo} for tests. */
final class Forms {
    private Forms() {
    }

    /** A select with an empty "any" option first (the browser default), then the given values. */
    static FormInfo.Field select(String name, String... values) {
        List<FormInfo.Option> options = new ArrayList<>();
        options.add(new FormInfo.Option("", "Any"));
        for (String v : values) {
            options.add(new FormInfo.Option(v, v));
        }
        return new FormInfo.Field("select", name, options, "", name, false);
    }

    static FormInfo.Field field(String type, String name, String label) {
        return new FormInfo.Field(type, name, List.of(), type.equals("submit") ? "Go" : "", label, false);
    }

    static FormInfo form(HttpMethod method, FormInfo.Field... fields) {
        return new FormInfo("http://site.test/search?old=1", method, null, List.of(fields));
    }
}
