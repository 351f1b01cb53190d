package dev.shapecrawl.core.lists.eval;

import dev.shapecrawl.core.lists.ExtractedList;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A development aid, not a check: prints one labelled page's lists beside what SWLE extracts from it.
 * {@code -Dswle.diag=<page id> [-Dswle.diag.setting=S2|default]}.
 */
@EnabledIfSystemProperty(named = "swle.diag", matches = ".+")
class SwleDiagnose {
    @Test
    void print() {
        String id = System.getProperty("swle.diag");
        String setting = System.getProperty("swle.diag.setting", "default");
        SwleSettings s = setting.equals("default") ? SwleSettings.defaults()
                : SwleSettings.fromProperties(Map.of("setting", setting, "additions", System.getProperty("swle.diag.additions", "none")));
        for (LabelledPage p : LabelledPage.all()) {
            if (!p.id().equals(id)) {
                continue;
            }
            System.out.println("== labelled");
            for (LabelledPage.LabelledList l : p.lists()) {
                System.out.printf("  [%s%s] %s: %d records; %s | %s%n", l.kind(), l.split() ? ", split" : "", l.name(),
                        l.records().size(), l.records().get(0),
                        l.records().size() > 1 ? l.records().get(1) : "");
            }
            List<ExtractedList> lists = new SwleExtractor(s).extract(p.parse());
            System.out.println("== extracted with " + s.name() + ": " + ListScoring.score(p, lists));
            for (ExtractedList e : lists) {
                System.out.printf("  %s #%d  %s  %d rows x %d; %s | %s%n", e.container(), e.ordinal(), e.identity(),
                        e.rows().size(), e.columnCount(), e.rows().get(0), e.rows().get(e.rows().size() - 1));
            }
        }
    }
}
