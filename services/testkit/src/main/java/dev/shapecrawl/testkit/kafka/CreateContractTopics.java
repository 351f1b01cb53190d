package dev.shapecrawl.testkit.kafka;

/**
 * Creates every topic of the contract (and its dead-letter topic) on a running cluster, as the tests do:
 * {@code CreateContractTopics <bootstrap-servers>}, for a broker started by hand ({@code ./shapecrawl up} creates
 * them itself); safe to repeat (existing topics are left alone).
 */
public final class CreateContractTopics {
    private CreateContractTopics() {
    }

    /** {@code args[0]}: {@code host:port} of the cluster. */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: CreateContractTopics <bootstrap-servers>");
            System.exit(2);
        }
        TestKafka.createContractTopics(args[0]);
    }
}
