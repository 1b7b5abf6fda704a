#!/usr/bin/python3
"""Renders a LAVA device dictionary (a Jinja2 file extending a device-type
template) into the device configuration lava-run takes, as lava-server
renders it (lava_scheduler_app/environment.py: a sandboxed Jinja2
environment, trim_blocks, no autoescape, the dictionary's directory before
the server's device-types directories).  Exit status 3 when lava-server's
device-type templates or python3-jinja2 are not installed."""
import os
import sys

TEMPLATE_DIRS = ["/etc/lava-server/dispatcher-config/device-types", "/usr/share/lava-server/device-types"]


def main():
    if len(sys.argv) != 2:
        print("usage: render_lava_device.py DICTIONARY.jinja2", file=sys.stderr)
        return 2
    try:
        import yaml
        from jinja2 import FileSystemLoader
        from jinja2.sandbox import SandboxedEnvironment
    except ImportError as e:
        print(f"needs python3-jinja2 and python3-yaml: {e}")
        return 3
    if not os.path.exists("/usr/share/lava-server/device-types/qemu.jinja2"):
        print("no /usr/share/lava-server/device-types/qemu.jinja2: apt-get install lava-server")
        return 3
    path = sys.argv[1]
    env = SandboxedEnvironment(loader=FileSystemLoader([os.path.dirname(os.path.abspath(path))] + TEMPLATE_DIRS),
                               autoescape=False, trim_blocks=True)
    text = env.get_template(os.path.basename(path)).render()
    yaml.safe_load(text)  # what lava-run will parse
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
