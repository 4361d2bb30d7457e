"""Runs one of our tools for the Paddle import tests: its stdout, or an
error naming the tool, its exit status and the end of its stderr."""
import os
import subprocess


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (os.path.basename(cmd[0]), p.returncode,
                                                 p.stderr.decode(errors="replace").strip()[-800:]))
    return p.stdout.decode()


def pipeline_module(pdnn_opt, base, pipeline, passes):
    """The module base.mlir after `passes`, written once as
    base.<pipeline>.mlir and reused by every backend; base.mlir itself when
    there are no passes."""
    if not passes:
        return base + ".mlir"
    module = "%s.%s.mlir" % (base, pipeline)
    if not os.path.exists(module):
        run([pdnn_opt, base + ".mlir", "-o", module] + passes)
    return module
