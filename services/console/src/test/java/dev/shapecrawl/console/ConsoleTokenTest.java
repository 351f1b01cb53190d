package dev.shapecrawl.console;

import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsStringIgnoringCase;

/** With an access token configured, every page and API call needs it (issue 22); health stays open for probes. */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
@TestProfile(ConsoleTokenTest.WithToken.class)
class ConsoleTokenTest {
    public static final class WithToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("shapecrawl.console.token", "s3cret-token");
        }
    }

    @Test
    void requestsWithoutTheTokenGet401AndWithItTheyGetThrough() {
        given().get("/api/jobs").then().statusCode(401).header("WWW-Authenticate", "Bearer");
        given().get("/").then().statusCode(401);
        given().get("/api/jobs/events").then().statusCode(401);
        given().header("Authorization", "Bearer wrong").get("/api/jobs").then().statusCode(401);
        given().header("Authorization", "Bearer s3cret-token").get("/api/jobs").then().statusCode(200);
        given().get("/?token=s3cret-token").then().statusCode(200)
                .header("Set-Cookie", containsString(ConsoleAccess.COOKIE + "=s3cret-token"))
                .header("Set-Cookie", containsStringIgnoringCase("HttpOnly"));
        given().cookie(ConsoleAccess.COOKIE, "s3cret-token").get("/api/jobs").then().statusCode(200);
        given().get("/q/health/live").then().statusCode(200);
    }
}
