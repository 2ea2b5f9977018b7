"""The JDKs the start-up scripts measure by default: the java on PATH, and Temurin 25 where it is installed."""

import os
import subprocess

TEMURIN_25 = "/usr/lib/jvm/temurin-25-jdk-amd64"


def default_homes():
    """The JAVA_HOME of the java on PATH, then Temurin 25's if it is there."""
    java = subprocess.run(["sh", "-c", "readlink -f \"$(command -v java)\""], capture_output=True, text=True).stdout.strip()
    homes = [os.path.dirname(os.path.dirname(java))]
    if os.path.exists(os.path.join(TEMURIN_25, "bin", "java")):
        homes.append(TEMURIN_25)
    return homes
