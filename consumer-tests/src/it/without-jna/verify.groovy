// JNA is optional: the same answers and the same choice with and without it, on the class path and the module path;
// where the stub page would need it, one WARN line naming the dependency, never a failure.
def log = new File(basedir, 'build.log').text
assert !log.contains('consumer check failed') : 'a run failed: see build.log'
assert !log.contains('FindException') : 'the module path without JNA did not start'

def answers = [:]
def warns = [:]
log.eachLine { line ->
    def m = line =~ /^run (\S+): answer (.*)$/
    if (m) {
        answers[m[0][1]] = m[0][2]
    }
    m = line =~ /^warns (\S+): (\d+)$/
    if (m) {
        warns[m[0][1]] = m[0][2] as int
    }
}
def runs = ['cp-jna', 'cp-nojna', 'mp-jna', 'mp-nojna', 'cp-nojna-stubpage', 'mp-nojna-stubpage']
runs.each { assert answers.containsKey(it) : "no answer from run ${it}" }

def what = { String run -> answers[run].substring(answers[run].indexOf('| ') + 2) }
assert answers['cp-jna'].startsWith('path=class-path jna=true named=false')
assert answers['cp-nojna'].startsWith('path=class-path jna=false named=false')
assert answers['mp-jna'].startsWith('path=module-path jna=true named=true')
assert answers['mp-nojna'].startsWith('path=module-path jna=false named=true')
assert what('cp-jna').startsWith('source=native ') : answers['cp-jna']
['cp-nojna', 'mp-jna', 'mp-nojna'].each {
    assert what(it) == what('cp-jna') : "run ${it} answers\n  ${what(it)}\nwhere the class path with JNA answers\n  ${what('cp-jna')}"
    assert warns[it] == 0 : "run ${it} logged ${warns[it]} WARN lines"
}
assert warns['cp-jna'] == 0

// The stub page without JNA: the kernel's flags answer, with one WARN naming the dependency to add.
def jna = 'net.java.dev.jna:jna:' + jnaVersion
['cp-nojna-stubpage', 'mp-nojna-stubpage'].each { run ->
    assert what(run).startsWith('source=proc-cpuinfo ') : answers[run]
    assert warns[run] == 1 : "run ${run} logged ${warns[run]} WARN lines, not one"
    def warn = log.readLines().find { it.startsWith("stderr ${run}: ") && it.contains(' WARN ') }
    assert warn.contains(jna) : "the WARN line of ${run} does not name ${jna}: ${warn}"
    assert !log.readLines().any { it.startsWith("stderr ${run}: ") && it =~ /Exception|Error:/ } : "run ${run} printed a failure"
}
assert log.readLines().find { it.startsWith('stderr mp-nojna-stubpage: ') && it.contains(' WARN ') }.contains('--add-modules com.sun.jna')
return true
