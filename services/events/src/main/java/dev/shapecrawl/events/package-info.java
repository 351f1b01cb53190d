/**
 * The one contract between shapecrawl's services: the events on every topic, their JSON Schemas, topic
 * names and keys, and a strict decoder.
 *
 * <p>Every event travels as a JSON object that carries an envelope {@code type} (kebab-case event name) and
 * {@code version} (schema version, an integer) beside the payload fields of its record. The records here hold
 * only the payload; {@link dev.shapecrawl.events.EventCodec} adds and checks the envelope. The schemas live
 * in {@code dev/shapecrawl/events/schemas/<type>.v<version>.schema.json} on the class path, examples in
 * {@code dev/shapecrawl/events/examples/<type>.json}; {@code docs/events.md} documents each topic.
 *
 * <p>Evolution rule: within one schema version, producers may only add optional fields; consumers ignore
 * fields they do not know. Removing or retyping a field, or making one required, is a new version.
 */
package dev.shapecrawl.events;
