"""The `dsh-web` command line."""

import sys


def main(argv: list[str] | None = None) -> int:
    print("usage: dsh-web {fetch,search,tools,mcp,config} ...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
