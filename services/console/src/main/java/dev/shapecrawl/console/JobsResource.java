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
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.time.Duration;
import java.util.List;

/**
 * The console's data: the list of jobs, the same list again after every change (server-sent events), one job's
 * page, and its target pages a page at a time.
 */
@Path("/api/jobs")
public class JobsResource {
    /** The most events a live view gets per second: a crawl writes its status many times a second. */
    static final Duration THROTTLE = Duration.ofMillis(250);
    private final JobViews views;

    public JobsResource(JobViews views) {
        this.views = views;
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
        if (!views.known(job)) {
            throw new NotFoundException("no job " + job);
        }
        return views.targets(job, q, offset, limit);
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
