package dev.shapecrawl.console;

import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestStreamElementType;

import java.time.Duration;
import java.util.List;

/** The jobs page's data: the list of jobs, and the same list again after every change (server-sent events). */
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
