"""The compiled route search (``boardroom.routing._bnb``): optional, so a machine without a C
compiler still installs Boardroom and routes in pure Python (``routing/search.py``)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "boardroom.routing._bnb",
            sources=["src/boardroom/routing/_bnb.c"],
            extra_compile_args=["-O2", "-std=c99"],
            optional=True,
        )
    ]
)
