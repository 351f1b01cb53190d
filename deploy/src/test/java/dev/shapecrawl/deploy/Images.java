package dev.shapecrawl.deploy;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the {@code images} Maven profile builds, read from the poms: {@code <group>/<artifactId>:<version>}, with the
 * group from the root pom's profile, the artifact id from the service's pom and the tag the project's version.
 */
record Images(Path repo, String group, String tag, Element properties) {

    static Images of(Path repo) {
        Document root = xml(repo.resolve("pom.xml"));
        String version = child(root.getDocumentElement(), "version").getTextContent().trim();
        Element profile = profile(root, "images");
        if (profile == null) {
            throw new IllegalStateException("the root pom has no `images` profile");
        }
        Element props = child(profile, "properties");
        String group = child(props, "quarkus.container-image.group").getTextContent().trim();
        String tag = child(props, "quarkus.container-image.tag").getTextContent().trim()
                .replace("${project.version}", version);
        return new Images(repo, group, tag, props);
    }

    /** A property of the root pom's images profile, or null. */
    String property(String name) {
        Element e = child(properties, name);
        return e == null ? null : e.getTextContent().trim();
    }

    /** The image of a service (module under services/). */
    String expected(String service) {
        Document pom = xml(repo.resolve("services").resolve(service).resolve("pom.xml"));
        String artifact = child(pom.getDocumentElement(), "artifactId").getTextContent().trim();
        return group + "/" + artifact + ":" + tag;
    }

    /** The problems of a service's pom: it must add the container-image extension in its own `images` profile. */
    List<String> serviceProfileProblems(String service) {
        List<String> problems = new ArrayList<>();
        Document pom = xml(repo.resolve("services").resolve(service).resolve("pom.xml"));
        Element profile = profile(pom, "images");
        boolean extension = false;
        if (profile != null && child(profile, "dependencies") != null) {
            for (Node n = child(profile, "dependencies").getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element dep && "quarkus-container-image-jib".equals(
                        child(dep, "artifactId").getTextContent().trim())) {
                    extension = true;
                }
            }
        }
        if (!extension) {
            problems.add("services/" + service + "/pom.xml: no `images` profile adding quarkus-container-image-jib");
        }
        // The default build must not build images: the extension may only appear inside a profile.
        Element deps = child(pom.getDocumentElement(), "dependencies");
        for (Node n = deps == null ? null : deps.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element dep && child(dep, "artifactId").getTextContent().contains("container-image")) {
                problems.add("services/" + service + "/pom.xml: a container-image extension outside the profile");
            }
        }
        return problems;
    }

    static Element profile(Document pom, String id) {
        Element profiles = child(pom.getDocumentElement(), "profiles");
        for (Node n = profiles == null ? null : profiles.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element p && id.equals(child(p, "id").getTextContent().trim())) {
                return p;
            }
        }
        return null;
    }

    static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    static Document xml(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException(file + " does not exist");
            }
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        } catch (Exception e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
    }
}
