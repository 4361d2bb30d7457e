# -*- Python -*-
# Runs every GoogleTest binary under <build>/unittests through lit.

import os

import lit.formats

config.name = "PaddleDNN-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.pdnn_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
if config.pdnn_sanitizers:
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:allow_user_poisoning=0:detect_container_overflow=0:"
        "allocator_may_return_null=1")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
