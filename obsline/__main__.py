from obsline.cli import main

raise SystemExit(main())
