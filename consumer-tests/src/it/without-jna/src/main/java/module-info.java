/** A consumer module: requires cpufeatures-dispatch, and nothing of JNA. */
module com.example.nojna {
    requires io.cpufeatures.dispatch;
}
