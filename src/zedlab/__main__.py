from zedlab.cli import main

main()
