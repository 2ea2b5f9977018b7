// Every run the project makes must have happened and passed, and none may have been warned about
// native access (the documented flag is the right one for each path).
def log = new File(basedir, 'build.log').text
def java = Runtime.version().feature()  // the JDK that builds, as the project's first runs use it
def runs = ["java=${java} path=class-path vector=true", "java=${java} path=class-path vector=false",
            "java=${java} path=module-path vector=true", "java=${java} path=mixed vector=true"]
runs.each { run ->
    assert log.contains('consumer-ok ' + run + ' source=native') : "missing run: ${run}"
}
if (new File(jdk25Home, 'bin/java').exists()) {
    assert log.contains('consumer-ok java=25 path=class-path vector=true source=native') : 'missing JDK 25 class-path run'
    // The exec plugin hands the module path over in an argument file, which the library does not read: whether the
    // x86 module was granted native access is then unknown, so on JDK 25 it loads no native code and answers from the
    // kernel's word, with no warning (the assertion on 'restricted method' below).
    ['java=25 path=module-path vector=true', 'java=25 path=module-path vector=false'].each { run ->
        assert log.contains('consumer-ok ' + run + ' source=proc-cpuinfo') : "missing run: ${run}"
    }
}
assert !log.contains('restricted method') : 'a run was warned about native access'
// The README's note: without module-info, the library on the module path needs --add-modules io.cpufeatures.dispatch.
assert log.contains('consumer-refused path=mixed without --add-modules io.cpufeatures.dispatch: NoClassDefFoundError') :
        'the mixed run without --add-modules io.cpufeatures.dispatch did not fail as the README says'

// A run without the Vector API module says so once, with the flag, through the consumer's logging provider.
assert log.contains('passes over') && log.contains('start the JVM with --add-modules jdk.incubator.vector (warned once per process)') :
        'no WARN line naming the Vector API module'
if (!log.contains('consumer-skipped arm64: for want of')) {
    // The same dependency list on an arm64 JVM (qemu-aarch64 -cpu neoverse-n1): the AArch64 module answers.
    assert log.contains('consumer-ok java=17 path=class-path vector=false source=native chose=scalar arch=aarch64') :
            'the arm64 run did not answer natively'
    // JNA is optional and not on this path: the explanation's detail (ID registers, SVE length) is left out, said once
    def noJna = log.readLines().findAll { it.contains("arm64's ID registers (MRS) and SVE/SME vector lengths (prctl) not read") }
    assert noJna.size() == 1 && noJna[0].contains('net.java.dev.jna:jna:') :
            "the arm64 run without JNA did not say once which dependency its detail needs: ${noJna}"
}
assert !log.contains('consumer check failed')
return true
