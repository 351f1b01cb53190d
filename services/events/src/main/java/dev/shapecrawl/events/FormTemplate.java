package dev.shapecrawl.events;

import java.util.List;
import java.util.Map;

/**
 * A form step learnt by probing a search form (Moraes 2013; Vidal 2006 §6). Topic
 * {@link Topics#FORM_TEMPLATES}, key {@code jobId}.
 *
 * @param jobId                the job
 * @param formId               the form's id within the job (stable: derived from page URL pattern and action)
 * @param pageUrl              the page the form was found on
 * @param action               the URL the form submits to
 * @param method               GET or POST
 * @param fixedFields          fields submitted with one value always (hidden fields, presentation fields)
 * @param templateFields       the names of the fields of the chosen template (the binding inputs)
 * @param informativeInstances the template instances kept: field name to value, one map per instance
 * @param mode                 the pruning mode that chose them: {@code ITP}, {@code TP} or {@code ITTP}
 * @param submissions          how many submissions probing made, >= 0
 * @param pruned               how many instances the prune list removed, >= 0
 * @param distinctRecords      distinct result records seen while probing, >= 0
 */
public record FormTemplate(String jobId, String formId, String pageUrl, String action, HttpMethod method,
                           List<FormField> fixedFields, List<String> templateFields,
                           List<Map<String, String>> informativeInstances, String mode, long submissions,
                           long pruned, long distinctRecords) {
    public FormTemplate {
        JobIds.require(jobId);
        Checks.nonBlank("formId", formId);
        Urls.requireHttp("pageUrl", pageUrl);
        Urls.requireHttp("action", action);
        method = method == null ? HttpMethod.GET : method;
        fixedFields = Checks.list(fixedFields);
        templateFields = Checks.list(templateFields);
        informativeInstances = informativeInstances == null ? List.of()
                : informativeInstances.stream().map(Map::copyOf).toList();
        Checks.nonBlank("mode", mode);
        Checks.nonNegative("submissions", submissions);
        Checks.nonNegative("pruned", pruned);
        Checks.nonNegative("distinctRecords", distinctRecords);
    }
}
