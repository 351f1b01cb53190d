package dev.shapecrawl.console;

import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.time.Duration;
import java.util.List;

/**
 * The console's data: the list of jobs, the same list again after every change (server-sent events), one job's
 * page, its target pages and its list records a page at a time, and the records as files.
 */
@Path("/api/jobs")
public class JobsResource {
    /** The most events a live view gets per second: a crawl writes its status many times a second. */
    static final Duration THROTTLE = Duration.ofMillis(250);
    private final JobViews views;
    private final RecordDownloads downloads;

    public JobsResource(JobViews views, RecordDownloads downloads) {
        this.views = views;
        this.downloads = downloads;
    }

    /** Every job, the most recently updated first. */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public List<JobSummary> jobs() {
        return views.jobs();
    }

    /**
     * One job: summary, navigation pattern, site model, the similarity histogram and the classes beside its boundary.
     *
     * @throws NotFoundException (404) if no event of the job has been read
     */
    @GET
    @Path("/{job}")
    @Produces(MediaType.APPLICATION_JSON)
    public JobDetail job(@PathParam("job") String job) {
        return views.job(job).orElseThrow(() -> new NotFoundException("no job " + job));
    }

    /**
     * The job's target pages, {@code limit} at a time from {@code offset}, those whose URL contains {@code q}.
     *
     * @throws NotFoundException (404) if no event of the job has been read
     */
    @GET
    @Path("/{job}/targets")
    @Produces(MediaType.APPLICATION_JSON)
    public TargetsPage targets(@PathParam("job") String job, @QueryParam("q") @DefaultValue("") String q,
                               @QueryParam("offset") @DefaultValue("0") int offset,
                               @QueryParam("limit") @DefaultValue("50") int limit) {
        requireKnown(job);
        return views.targets(job, q, offset, limit);
    }

    /**
     * A page of one table of the list records of the job's latest run ({@code table}: its id; absent: the largest
     * table; {@link JobViews#records}).
     *
     * @throws NotFoundException (404) if no event of the job has been read
     */
    @GET
    @Path("/{job}/records")
    @Produces(MediaType.APPLICATION_JSON)
    public RecordsPage records(@PathParam("job") String job, @QueryParam("table") @DefaultValue("") String table,
                               @QueryParam("offset") @DefaultValue("0") int offset,
                               @QueryParam("limit") @DefaultValue("50") int limit) {
        requireKnown(job);
        return views.records(job, table, offset, limit);
    }

    /**
     * The job's list records as a file, byte for byte what {@code shapecrawl records --job J --format F
     * [--table T]} prints ({@link RecordDownloads}): {@code F} is {@code jsonl} or {@code csv}.
     *
     * @throws NotFoundException (404) for an unknown job or format
     */
    @GET
    @Path("/{job}/records.{format}")
    public Response download(@PathParam("job") String job, @PathParam("format") String format,
                             @QueryParam("table") String table) {
        requireKnown(job);
        RecordDownloads.Format f;
        try {
            f = RecordDownloads.Format.valueOf(format);
        } catch (IllegalArgumentException e) {
            throw new NotFoundException("no format " + format + " (jsonl, csv)");
        }
        String name = job + (table == null || table.isBlank() ? "" : "-" + table) + "." + f.name();
        StreamingOutput body = out -> downloads.write(job, table == null || table.isBlank() ? null : table, f, out);
        return Response.ok(body, f == RecordDownloads.Format.csv ? "text/csv; charset=utf-8"
                        : "application/jsonl; charset=utf-8")
                .header("Content-Disposition", "attachment; filename=\"" + name.replaceAll("[^A-Za-z0-9._-]", "_") + "\"")
                .build();
    }

    private void requireKnown(String job) {
        if (!views.known(job)) {
            throw new NotFoundException("no job " + job);
        }
    }

    /**
     * The job list now, then after every change, at most every {@link #THROTTLE} (the latest list of each
     * interval), as server-sent events whose data is the JSON array.
     */
    @GET
    @Path("/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    public Multi<List<JobSummary>> events() {
        Multi<List<JobSummary>> later = views.changes().group().intoLists().every(THROTTLE)
                .filter(l -> !l.isEmpty()).map(l -> l.get(l.size() - 1));
        return Multi.createBy().concatenating().streams(Multi.createFrom().item(views::jobs), later);
    }
}
