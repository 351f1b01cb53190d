package dev.shapecrawl.console;

import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.RecordExport;
import dev.shapecrawl.events.Topics;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A job's list records as files, byte for byte what {@code shapecrawl records --job J [--table T] [--format F]}
 * prints (issue 22): the records of the pages the job's latest run took for targets, with the same selection and
 * writer ({@link RecordExport}) over the same read of {@link Topics#LIST_RECORDS}, from its beginning to its end as of the request, partition after partition in offset
 * order (as the CLI reads). Read from the topic, not from the console's memory, so a download has every record
 * whatever the view's limit. Each download has its own consumer, closed at its end.
 */
@ApplicationScoped
public class RecordDownloads {
    /** The longest a download may take to reach the topic's end (the CLI's limit too). */
    static final Duration READ_LIMIT = Duration.ofSeconds(60);
    private final String bootstrapServers;
    private final JobViews views;

    public RecordDownloads(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers, JobViews views) {
        this.bootstrapServers = bootstrapServers;
        this.views = views;
    }

    /** The file formats, as {@code records --format} names them. */
    enum Format { jsonl, csv }

    /**
     * Writes the job's records to {@code out} as UTF-8.
     *
     * @param table a table id, or null for all
     * @throws UncheckedIOException when writing fails (the client went away)
     * @throws IllegalStateException when the topic's end is not reached within {@link #READ_LIMIT}
     */
    void write(String job, String table, Format format, OutputStream out) {
        RecordExport.Selection selection = new RecordExport.Selection(job, table);
        Predicate<ListRecord> current = latestRunPages(job);
        try (Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))) {
            if (format == Format.jsonl) {
                readToEnd(Topics.LIST_RECORDS, r -> selection.accept(r.value()).filter(current)
                        .ifPresent(x -> append(w, RecordExport.jsonlLine(r.value()))));
            } else {
                List<ListRecord> held = new ArrayList<>();
                readToEnd(Topics.LIST_RECORDS, r -> selection.accept(r.value()).filter(current).ifPresent(held::add));
                RecordExport.writeCsv(held, w);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void append(Writer w, String s) {
        try {
            w.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The records of the pages the job's latest run took for targets ({@link RecordExport.LatestRunPages}). */
    private Predicate<ListRecord> latestRunPages(String job) {
        RecordExport.LatestRunPages pages = new RecordExport.LatestRunPages(job, views.runStartedMs(job));
        if (pages.needsTargets()) {
            readToEnd(Topics.TARGET_PAGES, r -> pages.accept(r.value(), r.timestamp()));
        }
        return pages::includes;
    }

    private void readToEnd(String topic, Consumer<ConsumerRecord<String, String>> sink) {
        KafkaConsumer<String, String> c = new KafkaConsumer<>(JobViews.readerSettings(bootstrapServers));
        try {
            List<TopicPartition> partitions = new ArrayList<>();
            List<PartitionInfo> infos = c.partitionsFor(topic, Duration.ofSeconds(10));
            for (PartitionInfo info : infos == null ? List.<PartitionInfo>of() : infos) {
                partitions.add(new TopicPartition(info.topic(), info.partition()));
            }
            partitions.sort(Comparator.comparingInt(TopicPartition::partition));
            if (partitions.isEmpty()) {
                return;
            }
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = c.endOffsets(partitions);
            long deadline = System.nanoTime() + READ_LIMIT.toNanos();
            for (TopicPartition tp : partitions) { // the CLI's order: partition after partition
                c.pause(partitions);
                c.resume(List.of(tp));
                while (c.position(tp) < end.getOrDefault(tp, 0L)) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("reading " + tp.topic() + " did not reach its end within "
                                + READ_LIMIT.toSeconds() + " s");
                    }
                    c.poll(Duration.ofMillis(200)).forEach(sink);
                }
            }
        } finally {
            // no group, nothing committed: nothing to wait for but the fetch sent ahead, which the broker holds for
            // fetch.max.wait.ms (500 ms) when no record comes (Cluster.Reader#close in the command line alike)
            c.close(Duration.ZERO);
        }
    }
}
