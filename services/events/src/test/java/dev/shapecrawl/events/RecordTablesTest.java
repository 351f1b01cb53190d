package dev.shapecrawl.events;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The records' tables and CSV form (issue 20), shared by the CLI's {@code records} and the console (issue 22). */
class RecordTablesTest {
    @Test
    void csvRowsQuoteWhatNeedsIt() {
        ListRecord r = new ListRecord("j", "http://127.0.0.1:1/p.html", "l-1", "(,)", 3,
                List.of("plain", "a,b", "say \"hi\""), "S2");
        List<String> names = RecordTables.names(r);
        assertEquals(List.of("c1", "c2", "c3"), names, "a record without fields: positional names");
        assertEquals("page_url,list_id,row_index,c1,c2,c3", RecordTables.header(names));
        assertEquals("http://127.0.0.1:1/p.html,l-1,3,plain,\"a,b\",\"say \"\"hi\"\"\"", RecordTables.row(r, names));
    }

    /** Issue 20: named cells go under their names, whatever the order of the header; a missing one is empty. */
    @Test
    void csvRowsPutNamedCellsUnderTheirNames() {
        ListRecord method = ListRecord.named("j", "http://127.0.0.1:1/p.html", "l-1", "* ‖ * ‖ *", 0,
                List.of("void", "close()", "Closes it."), "S2", List.of("Modifier and Type", "Method", "Description"));
        ListRecord field = ListRecord.named("j", "http://127.0.0.1:1/q.html", "l-2", "* ‖ * ‖ *", 0,
                List.of("int", "SIZE", "The size."), "S2", List.of("Modifier and Type", "Field", "Description"));
        List<String> union = RecordTables.union(List.of(method, field));
        assertEquals(List.of("Modifier and Type", "Method", "Description", "Field"), union);
        assertEquals("page_url,list_id,row_index,Modifier and Type,Method,Description,Field", RecordTables.header(union));
        assertEquals("http://127.0.0.1:1/q.html,l-2,0,int,,The size.,SIZE", RecordTables.row(field, union));
        assertNotEquals(RecordTables.id(method), RecordTables.id(field), "same identity, other names: another table");
        RecordTables tables = new RecordTables();
        List.of(method, field, method).forEach(tables::add);
        assertEquals(List.of(2L, 1L), tables.summaries().stream().map(s -> s.records).toList());
        assertThrows(IllegalArgumentException.class, () -> ListRecord.named("j", "http://127.0.0.1:1/p.html", "l-1",
                "x", 0, List.of("a", "b"), "S2", List.of("n", "n")), "names are distinct");
    }

    /** The export's selection: the job's records, each once, of one table when named; the lines end in \n. */
    @Test
    void theSelectionTakesTheJobsRecordsOnceEach() {
        ListRecord method = ListRecord.named("j", "http://127.0.0.1:1/p.html", "l-1", "* ‖ *", 0,
                List.of("void", "close()"), "S2", List.of("Type", "Method"));
        ListRecord other = ListRecord.named("k", "http://127.0.0.1:1/p.html", "l-1", "* ‖ *", 0,
                List.of("void", "close()"), "S2", List.of("Type", "Method"));
        ListRecord field = ListRecord.named("j", "http://127.0.0.1:1/q.html", "l-2", "* ‖ *", 0,
                List.of("int", "SIZE"), "S2", List.of("Type", "Field"));
        RecordExport.Selection all = new RecordExport.Selection("j", null);
        String m = EventCodec.encode(method);
        assertEquals(method, all.accept(m).orElseThrow());
        assertEquals(java.util.Optional.empty(), all.accept(m), "seen already");
        assertEquals(java.util.Optional.empty(), all.accept(EventCodec.encode(other)), "another job's");
        assertEquals(java.util.Optional.empty(), all.accept("{\"jobId\":\"j\",\"broken"), "undecodable");
        RecordExport.Selection fields = new RecordExport.Selection("j", RecordTables.id(field));
        assertEquals(java.util.Optional.empty(), fields.accept(m), "another table");
        assertEquals(field, fields.accept(EventCodec.encode(field)).orElseThrow());

        StringBuilder csv = new StringBuilder();
        RecordExport.writeCsv(List.of(method, field), csv);
        assertEquals("page_url,list_id,row_index,Type,Method,Field\n"
                + "http://127.0.0.1:1/p.html,l-1,0,void,close(),\n"
                + "http://127.0.0.1:1/q.html,l-2,0,int,,SIZE\n", csv.toString());
        assertEquals(m + "\n", RecordExport.jsonlLine(m));
    }
}
